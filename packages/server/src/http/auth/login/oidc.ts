import type * as Client from 'openid-client';
import type { OidcProviderConfig } from '../../../platform/config/security.ts';
import { AppError } from '../../../platform/errors.ts';
import { mapGroups } from './group-mapping.ts';
import { openidClient } from './libraries.ts';
import {
  claimAt,
  claimList,
  type ExternalIdentity,
  type LoginProviders,
  type PendingLogin,
} from './login-providers.ts';

/**
 * OpenID Connect sign-in with the authorization code flow and PKCE (S256), state and nonce. Each
 * provider's metadata is discovered on first use and kept; a failed discovery is retried next time.
 */
export class OidcProviders implements LoginProviders {
  private readonly providers: Record<string, OidcProviderConfig>;
  private readonly discovered = new Map<string, Promise<Client.Configuration>>();

  constructor(providers: Record<string, OidcProviderConfig> = {}) {
    this.providers = providers;
  }

  list(): { key: string; label: string }[] {
    return Object.entries(this.providers).map(([key, p]) => ({ key, label: p.label }));
  }

  has(key: string): boolean {
    return this.providers[key] !== undefined;
  }

  redirectUri(key: string): string | undefined {
    return this.providers[key]?.redirectUri;
  }

  private provider(key: string): OidcProviderConfig {
    const provider = this.providers[key];
    if (!provider) throw new AppError('NOT_FOUND', `No login provider '${key}'`);
    return provider;
  }

  private configuration(key: string): Promise<Client.Configuration> {
    let pending = this.discovered.get(key);
    if (!pending) {
      const p = this.provider(key);
      pending = openidClient()
        .then((client) =>
          client.discovery(
            new URL(p.issuer),
            p.clientId,
            undefined,
            p.clientSecret === undefined ? client.None() : client.ClientSecretPost(p.clientSecret),
            p.allowInsecureHttp ? { execute: [client.allowInsecureRequests] } : {},
          ),
        )
        .catch((error: unknown) => {
          this.discovered.delete(key);
          throw new AppError('UPSTREAM_UNAVAILABLE', `Login provider '${key}' cannot be reached`, {
            cause: error,
          });
        });
      this.discovered.set(key, pending);
    }
    return pending;
  }

  async start(
    key: string,
    redirectUri: string,
    returnTo?: string,
  ): Promise<{ url: URL; pending: PendingLogin }> {
    const config = await this.configuration(key);
    const client = await openidClient();
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const pending: PendingLogin = {
      provider: key,
      state: client.randomState(),
      nonce,
      verifier,
      ...(returnTo ? { returnTo } : {}),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.provider(key).scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce,
    });
    return { url, pending };
  }

  /** Exchanges the code; the username and groups come from the ID token, else from userinfo. */
  async finish(key: string, callbackUrl: URL, pending: PendingLogin): Promise<ExternalIdentity> {
    const p = this.provider(key);
    const config = await this.configuration(key);
    const client = await openidClient();
    let tokens: Awaited<ReturnType<typeof Client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        // An OIDC sign-in always starts with a nonce; a pending login without one was not started here.
        expectedNonce: pending.nonce ?? 'missing',
        idTokenExpected: true,
      });
    } catch (error) {
      throw new AppError('UNAUTHORIZED', `Sign-in with '${key}' failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    let claims = idClaims;
    const missing = [p.usernameClaim, p.groupsClaim].some((c) => claimAt(claims, c) === undefined);
    if (missing && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub));
      claims = { ...info, ...idClaims };
    }
    return oidcIdentity(p, claims, `Sign-in with '${key}'`);
  }

  /** The provider's discovered metadata (kept, as for sign-in): where its JWKS is, its issuer. */
  async serverMetadata(key: string): Promise<Client.ServerMetadata> {
    return (await this.configuration(key)).serverMetadata();
  }
}

/**
 * The user a provider's claims name, mapped to console groups (docs/security.md#groups-of-a-user): the
 * username from `usernameClaim`, else `sub`; the provider's groups from `groupsClaim`. The one mapping of
 * both the sign-in (ID token, userinfo) and the access tokens the MCP endpoint takes (access-tokens.ts).
 */
export function oidcIdentity(
  p: OidcProviderConfig,
  claims: Record<string, unknown>,
  source: string,
): ExternalIdentity {
  const username = claimAt(claims, p.usernameClaim) ?? claims.sub;
  if (typeof username !== 'string' || !username) {
    throw new AppError('UNAUTHORIZED', `${source} gave no '${p.usernameClaim}' claim`);
  }
  const providerGroups = claimList(claimAt(claims, p.groupsClaim));
  return { username, groups: mapGroups(p, username, providerGroups), providerGroups };
}
