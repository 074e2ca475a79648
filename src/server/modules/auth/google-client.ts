import * as oidc from 'openid-client';
import type { Config } from '../../config.js';

export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** Why a Google sign-in did not complete; each maps to a message the home page shows. */
export type GoogleFailure =
  | 'not_configured'
  | 'unavailable'
  | 'denied'
  | 'state'
  | 'token'
  | 'unverified_email'
  | 'no_email'
  | 'staff_account'
  | 'suspended';

export class GoogleSignInError extends Error {
  constructor(
    readonly reason: GoogleFailure,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in failed: ${reason}`, options);
  }
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The OpenID Connect client for Google (or GOOGLE_ISSUER): discovery once, then the authorization
 * code flow with PKCE, state and nonce. openid-client checks the ID token's signature, issuer,
 * audience, expiry and nonce.
 */
export function createGoogleClient(config: Config) {
  const { clientId, clientSecret, issuer } = config.google;
  const redirectUri = `${config.publicUrl}/api/google/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  const configuration = () => {
    if (!clientId) throw new GoogleSignInError('not_configured');
    discovered ??= (async () => {
      const url = new URL(issuer);
      // Plain http only for an issuer on this machine (the tests' local OIDC server).
      const options =
        url.protocol === 'http:' && isLoopback(url) ? { execute: [oidc.allowInsecureRequests] } : undefined;
      const cfg = await oidc.discovery(url, clientId, clientSecret, undefined, { ...options, timeout: 10 });
      // openid-client trusts TLS for ID tokens from the token endpoint by default; we also check
      // their signature against the issuer's published keys.
      oidc.enableNonRepudiationChecks(cfg);
      return cfg;
    })().catch((err: unknown) => {
      discovered = undefined; // try again next time: the issuer may be back
      throw new GoogleSignInError('unavailable', { cause: err });
    });
    return discovered;
  };

  return {
    enabled: Boolean(clientId),
    redirectUri,
    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
      const cfg = await configuration();
      return oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
    },
    async exchange(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<GoogleIdentity> {
      const cfg = await configuration();
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied')
          throw new GoogleSignInError('denied', { cause: err });
        const network = err instanceof TypeError || (err as { code?: string }).code === 'OAUTH_TIMEOUT';
        throw new GoogleSignInError(network ? 'unavailable' : 'token', { cause: err });
      }
      const claims = tokens.claims();
      if (!claims) throw new GoogleSignInError('token');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

export const randomChecks = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});
