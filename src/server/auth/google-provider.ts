import { createAuthorizationURL, validateAuthorizationCode } from 'better-auth/oauth2';
import { google } from 'better-auth/social-providers';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

/**
 * Google sign-in whose endpoints come from an OpenID Connect issuer's discovery document,
 * so the whole flow can run against a local provider in tests (or a Google-compatible one).
 * For Google itself the built-in provider is used unchanged.
 */
export function googleProviderForIssuer(options: { clientId: string; clientSecret: string; issuer: string }) {
  const base = google({ clientId: options.clientId, clientSecret: options.clientSecret });
  let discovery: Promise<Discovery> | null = null;
  const endpoints = () => {
    discovery ??= fetch(new URL('.well-known/openid-configuration', options.issuer.endsWith('/') ? options.issuer : `${options.issuer}/`))
      .then((r) => {
        if (!r.ok) throw new Error(`OpenID discovery failed with ${r.status}`);
        return r.json() as Promise<Discovery>;
      })
      .catch((error: unknown) => {
        discovery = null;
        throw error;
      });
    return discovery;
  };
  const provider: typeof base = {
    ...base,
    async createAuthorizationURL({ state, scopes, codeVerifier, redirectURI, loginHint }) {
      const { authorization_endpoint } = await endpoints();
      return createAuthorizationURL({
        id: 'google',
        options: base.options ?? options,
        authorizationEndpoint: authorization_endpoint,
        scopes: ['email', 'profile', 'openid', ...(scopes ?? [])],
        state,
        codeVerifier,
        redirectURI,
        loginHint,
      });
    },
    async validateAuthorizationCode({ code, codeVerifier, redirectURI }) {
      const { token_endpoint } = await endpoints();
      return validateAuthorizationCode({
        code,
        codeVerifier,
        redirectURI,
        options: base.options ?? options,
        tokenEndpoint: token_endpoint,
      });
    },
  };
  return provider;
}
