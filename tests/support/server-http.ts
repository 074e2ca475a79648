import { request as httpRequest } from 'node:http';

/** Talking to a server child (server-process.ts) over HTTP: a JSON call, and a GET on a brand-new connection. */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call over fetch; rejects only on a connection error or the timeout. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/**
 * A GET on a brand-new TCP connection (no keep-alive pool), for "is a new connection accepted?".
 * Resolves with the status, or with the connection error's code.
 */
export function freshConnectionGet(
  port: number,
  path: string,
  timeoutMs = 5000,
): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        agent: false,
        headers: { connection: 'close' },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({ status: res.statusCode, error: err.code ?? err.message }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error('timeout'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}
