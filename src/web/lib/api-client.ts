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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type Options = { method?: Method; body?: unknown; signal?: AbortSignal; token?: string };

/**
 * Every call to the API goes through here: JSON in and out, the bearer token from local storage.
 * `token` sends a token not yet stored instead (one being checked): its refusal ends no session.
 */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).data;
}

/** api(), with the answer's headers as well (for a call that says something in one). */
export async function apiWithHeaders<T>(path: string, options: Options = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token ?? tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }

  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw refusal(res.status, data, options.token === undefined ? (token ?? tokenStore.held()) : null);
  return { data: data as T, headers: res.headers };
}

/**
 * A file the API serves (a receipt's PDF), as bytes: fetched with the bearer token, which a plain
 * link cannot send. Refused as api() is.
 */
export async function apiFile(path: string): Promise<Blob> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) throw refusal(res.status, await res.json().catch(() => undefined), token ?? tokenStore.held());
  return res.blob();
}

/**
 * The error for a refused call. `session`: the token the page holds (null when the call checked
 * another one); a 401 on it means the session has ended. No token sent while the page holds one:
 * the site's storage was cleared behind its back, which ends it too.
 */
function refusal(status: number, data: unknown, session: string | null): ApiError {
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
 * which does not go through api().
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
