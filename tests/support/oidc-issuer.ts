import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_CLIENT = { id: 'remotefix-test-client', secret: 'remotefix-test-secret' };

/** A real OpenID Connect issuer on loopback (oauth2-mock-server), standing in for Google. */
export async function startIssuer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url;
  if (!url) throw new Error('issuer did not start');
  // The mock signs the access token and the ID token separately: the claims apply to every token of
  // the next token response, then are dropped.
  let pending: Record<string, unknown> | undefined;
  server.service.on('beforeTokenSigning', (token) => {
    if (pending) Object.assign(token.payload, pending);
  });
  server.service.on('beforeResponse', () => {
    pending = undefined;
  });
  return {
    server,
    url,
    env: { GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id, GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret, GOOGLE_ISSUER: url },
    /** Claims the next ID token carries (email, email_verified, name, or overrides of sub/aud/exp/nonce). */
    nextClaims(claims: Record<string, unknown>) {
      // A fresh subject each time unless the test names one (the mock's default is always "johndoe").
      pending = { sub: `google-${randomUUID()}`, ...claims };
    },
    stop: () => server.stop(),
  };
}
