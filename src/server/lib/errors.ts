/** The one error type of the server: a human message and an honest HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /**
     * For a failure the operators must see (a payment provider's refusal): logged as an error with
     * the answer's message; never sent to the client.
     */
    readonly logDetail?: Record<string, string>,
    /** Seconds the client should wait before trying again: sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message);
export const paymentRequired = (message: string) => new AppError(402, message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, retryAfterSeconds);
export const unavailable = (message = 'Service temporarily unavailable, please try again') =>
  new AppError(503, message);
