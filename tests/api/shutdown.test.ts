import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';

describe('while the server shuts down', () => {
  it('finishes the request in flight, then answers the next one on that connection with 503 { error }', async () => {
    const closing = await createTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answer = (req: http.ClientRequest) =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
        });
        req.on('error', reject);
      });
    // In flight for sure: the headers are in, the body is still uploading when the shutdown starts.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const login = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/login',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const loginAnswer = answer(login);
    login.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 150));
    const closed = closing.app.close();
    await new Promise((r) => setTimeout(r, 50));
    login.end(body.slice(10));
    expect((await loginAnswer).status).toBe(401);
    // The next request on that same kept-alive connection arrives while the app is closing.
    const next = answer(
      http.request({ host: '127.0.0.1', port, path: '/api/admin/services/main', method: 'GET', agent }).end(),
    );
    const nextAnswer = await next;
    expect(nextAnswer.status).toBe(503);
    expect(JSON.parse(nextAnswer.body)).toEqual({ error: 'The server is restarting. Please try again in a moment.' });
    expect(nextAnswer.connection).toBe('close');
    agent.destroy();
    await closed;
    await closing.close(); // the database and its PostgreSQL copy too (closing the app again is a no-op)
  });
});
