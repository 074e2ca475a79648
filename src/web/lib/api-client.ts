import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api-schema';
import { toast } from './toast';
import { tokenStore } from './token-store';

/** A refusal from the API: its `{ error }` text and HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server refused the session's token (it expired, or the session was ended elsewhere): the
 * visitor is signed out and told so once, by the API client, so screens say nothing more about it.
 */
export class SessionEndedError extends ApiError {
  constructor(message: string) {
    super(message, 401);
    this.name = 'SessionEndedError';
  }
}

/** The request never got an answer (offline, server down, connection dropped). */
export class NetworkError extends Error {
  constructor() {
    super('Network error');
    this.name = 'NetworkError';
  }
}

/**
 * The API, typed from the server's own OpenAPI document (api-schema.d.ts, `npm run api:types`): each
 * call's path, parameters, body and answer are checked against it. JSON in and out; the bearer token
 * from local storage on every call. A call never comes back refused: a refusal is thrown as ApiError
 * (SessionEndedError when it ended the session), no answer at all as NetworkError, and a call its
 * caller aborted as the AbortError. `answer()` takes what a call answered.
 */
export const api = createClient<paths>({ headers: { accept: 'application/json' } });

api.use({
  onRequest({ request }) {
    const token = tokenStore.get();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
  },
  async onResponse({ request, response }) {
    if (response.ok) return;
    // The session is the token this call sent; none sent while the page holds one counts as it too.
    const sent = request.headers.get('authorization')?.replace(/^Bearer /, '') || null;
    throw await refusal(response, sent ?? tokenStore.held());
  },
  onError({ error }) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) return new NetworkError();
  },
});

/**
 * For a call that checks a token not yet stored (one being checked, or `''`: none): sent instead of
 * the session's, and its refusal ends no session. `api.GET(path, { middleware: [withToken(t)] })`.
 */
export const withToken = (token: string): Middleware => ({
  onRequest({ request }) {
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    else request.headers.delete('authorization');
  },
  // Runs before the session's own (openapi-fetch calls a request's middleware first on the way back).
  async onResponse({ response }) {
    if (!response.ok) throw await refusal(response, null);
  },
});

type Answered<R> = R extends { data: infer D; error?: never } ? D : never;

/** What a call answered: `await answer(api.GET('/api/me'))`. Its refusal, if any, was thrown by `api`. */
export async function answer<R extends { data?: unknown }>(call: Promise<R>): Promise<Answered<R>> {
  return (await call).data as Answered<R>;
}

/**
 * The error for a refused call, with the `{ error }` message of its answer. `session`: the token the
 * page holds (null when the call checked another one); a 401 on it means the session has ended. No
 * token sent while the page holds one: the site's storage was cleared behind its back, which ends it too.
 */
async function refusal(response: Response, session: string | null): Promise<ApiError> {
  const { status } = response;
  const data: unknown = await response.json().catch(() => undefined);
  const message =
    data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : '';
  if (status === 401 && session) {
    sessionEnded(session);
    return new SessionEndedError(message);
  }
  return new ApiError(message, status);
}

const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * The server refused the token a call carried: it expired, or the session was ended (a password
 * change, a linked Google sign-in, an account removed). Signs out here too, once, and says why; the
 * pages that need a session then send the visitor home. Also for the event stream (live-events.ts),
 * which does not go through `api`.
 */
export function sessionEnded(token: string) {
  // Unless it is signed out already, or signed in again since (the storage cleared behind the page's
  // back still counts as this session).
  const stored = tokenStore.get();
  if (stored !== token && !(stored === null && tokenStore.held() === token)) return;
  tokenStore.clear();
  toast.info(SESSION_ENDED_MESSAGE);
}

/** The text to show for a failed call: the server's own message, else the screen's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}

/**
 * Says in a toast why a call failed (errorMessage); nothing when the session ended, which the API
 * client has already said.
 */
export function toastError(err: unknown, fallback: string) {
  if (err instanceof SessionEndedError) return;
  toast.error(errorMessage(err, fallback));
}
