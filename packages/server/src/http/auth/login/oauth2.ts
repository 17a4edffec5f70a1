import type * as Client from 'openid-client';
import type { OAuth2ProviderConfig } from '../../../platform/config/security.ts';
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
 * Plain OAuth2 sign-in (docs/api-conventions.md#sessions-and-login, `oauthAuths`; GitHub and the like): the
 * authorization code flow with PKCE (S256) and state against configured endpoints, then the user-info
 * endpoint read with the access token. No discovery and no ID token: the username and groups are fields of
 * the user-info answer.
 */
export class OAuth2Providers implements LoginProviders {
  private readonly providers: Record<string, OAuth2ProviderConfig>;
  private readonly configurations = new Map<string, Client.Configuration>();

  constructor(providers: Record<string, OAuth2ProviderConfig> = {}) {
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

  private provider(key: string): OAuth2ProviderConfig {
    const provider = this.providers[key];
    if (!provider) throw new AppError('NOT_FOUND', `No login provider '${key}'`);
    return provider;
  }

  private async configuration(key: string): Promise<{ client: typeof Client; config: Client.Configuration }> {
    const client = await openidClient();
    let config = this.configurations.get(key);
    if (!config) {
      const p = this.provider(key);
      config = new client.Configuration(
        {
          issuer: new URL(p.authorizationUrl).origin,
          authorization_endpoint: p.authorizationUrl,
          token_endpoint: p.tokenUrl,
        },
        p.clientId,
        undefined,
        p.clientSecret === undefined ? client.None() : client.ClientSecretPost(p.clientSecret),
      );
      if (p.allowInsecureHttp) client.allowInsecureRequests(config);
      this.configurations.set(key, config);
    }
    return { client, config };
  }

  async start(
    key: string,
    redirectUri: string,
    returnTo?: string,
  ): Promise<{ url: URL; pending: PendingLogin }> {
    const { client, config } = await this.configuration(key);
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      provider: key,
      state: client.randomState(),
      verifier,
      ...(returnTo ? { returnTo } : {}),
    };
    const scopes = this.provider(key).scopes;
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      ...(scopes.length ? { scope: scopes.join(' ') } : {}),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
    });
    return { url, pending };
  }

  async finish(key: string, callbackUrl: URL, pending: PendingLogin): Promise<ExternalIdentity> {
    const p = this.provider(key);
    const { client, config } = await this.configuration(key);
    let info: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        idTokenExpected: false,
      });
      const answer = await client.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(p.userInfoUrl),
        'GET',
      );
      if (!answer.ok) throw new Error(`user info answered ${answer.status}`);
      info = (await answer.json()) as Record<string, unknown>;
    } catch (error) {
      throw new AppError('UNAUTHORIZED', `Sign-in with '${key}' failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const username = claimAt(info, p.usernameField);
    if ((typeof username !== 'string' && typeof username !== 'number') || username === '') {
      throw new AppError('UNAUTHORIZED', `Sign-in with '${key}' gave no '${p.usernameField}' field`);
    }
    const name = String(username);
    const providerGroups = claimList(claimAt(info, p.groupsField));
    return { username: name, groups: mapGroups(p, name, providerGroups), providerGroups };
  }
}
