import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A black-box audit: a request whose body stopped arriving held its connection for good (still open
// after 340 s), since Fastify turns Node's own request limit off unless told one. Now the whole
// request has REQUEST_TIMEOUT_MS to arrive, then a 408 `{ error }` and the connection is closed.
// Node looks for late requests every quarter of the limit here (app.ts).
const LIMIT_MS = 1000;
const CHECK_INTERVAL_MS = LIMIT_MS / 4;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: String(LIMIT_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ port } = t.app.server.address() as { port: number });
});
afterAll(() => t.close());

/** Sends `head` and the first part of a body, then nothing; resolves with what came back and when the socket closed. */
function stallBody(head: string, part: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(head + part));
    socket.setTimeout(LIMIT_MS + CHECK_INTERVAL_MS + 10_000, () =>
      socket.destroy(new Error('the server never closed it')),
    );
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
  });
}

describe('a request that never finishes arriving', () => {
  it(
    'is answered 408 { error } and closed once its time is up',
    async () => {
      const { answer, closedAfterMs } = await stallBody(
        'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
        '{"email":',
      );
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 408 /);
      expect(head).toMatch(/connection: close/i);
      expect(JSON.parse(body)).toEqual({ error: 'The request took too long to arrive' });
      expect(closedAfterMs).toBeGreaterThanOrEqual(LIMIT_MS);
      expect(closedAfterMs).toBeLessThan(LIMIT_MS + 10_000);
    },
    LIMIT_MS + CHECK_INTERVAL_MS + 15_000,
  );

  it('leaves a request that arrives in time alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    });
    expect(res.status).toBe(401);
  });
});
