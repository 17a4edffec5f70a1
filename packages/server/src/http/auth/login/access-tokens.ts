import { setTimeout as sleep } from 'node:timers/promises';
import type { errors as JoseErrors, JWTVerifyGetKey, JWTVerifyOptions } from 'jose';
import type { Identity } from '../../../domain/access/identity.ts';
import type { AccessTokensConfig, OidcProviderConfig } from '../../../platform/config/security.ts';
import { AppError } from '../../../platform/errors.ts';
import { jose } from './libraries.ts';
import { type OidcProviders, oidcIdentity } from './oidc.ts';

type Verifier = { key: string; provider: OidcProviderConfig; settings: AccessTokensConfig };

/** The provider cannot be asked (down, slow, a broken JWKS): not the token's fault. */
class Unreachable extends Error {}

type Errors = typeof JoseErrors;

/** Errors of finding the key that say something about the token (its `kid`, its `alg`), not the provider. */
const tokenErrors = (errors: Errors) => [
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

const withoutSlash = (url: string) => url.replace(/\/$/, '');

/**
 * The JWT access tokens (RFC 9068) of the OIDC providers configured with `accessTokens`, which the MCP
 * endpoint takes as `Authorization: Bearer` (docs/mcp.md#authentication): signed by a key of the
 * issuer's JWKS (discovered, cached by jose, re-read for an unknown `kid` at most every 30 s) with an
 * allowed asymmetric algorithm, `iss` the provider's issuer, `aud` holding the configured audience,
 * `exp`/`nbf` within the clock tolerance, and by default `typ: at+jwt`. The claims become an identity
 * exactly as the provider's sign-in makes one (`oidcIdentity`). Waits on the provider are bounded by
 * `timeoutMs`: a provider that is down or slow answers 502/504 at once, never a hang.
 */
export class AccessTokens {
  private readonly byIssuer = new Map<string, Verifier>();
  private readonly keySets = new Map<string, Promise<{ keys: JWTVerifyGetKey; issuer: string }>>();
  private readonly oidc: OidcProviders;

  constructor(oidc: OidcProviders, providers: Record<string, OidcProviderConfig> = {}) {
    this.oidc = oidc;
    for (const [key, provider] of Object.entries(providers)) {
      const settings = provider.accessTokens;
      if (settings) this.byIssuer.set(withoutSlash(provider.issuer), { key, provider, settings });
    }
  }

  /** Whether any provider is configured for access tokens. */
  get enabled(): boolean {
    return this.byIssuer.size > 0;
  }

  /**
   * The caller an access token names; undefined when it is no JWT or no configured provider issued it
   * (then it is no credential here). A token of a configured issuer that fails a check is refused (401);
   * a provider that cannot be asked answers 502, or 504 past `timeoutMs`.
   */
  async identify(token: string): Promise<Identity | undefined> {
    const { decodeJwt, errors, jwtVerify } = await jose();
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return undefined;
    }
    const verifier = typeof issuer === 'string' ? this.byIssuer.get(withoutSlash(issuer)) : undefined;
    if (!verifier) return undefined;
    const { key, provider, settings } = verifier;
    const refused = (why: string, cause?: unknown) =>
      new AppError('UNAUTHORIZED', `Access token of '${key}' refused: ${why}`, { cause });
    let claims: Record<string, unknown>;
    try {
      const { keys, issuer: discovered } = await this.keySet(verifier);
      const options: JWTVerifyOptions = {
        issuer: discovered,
        audience: settings.audience,
        algorithms: settings.algorithms,
        clockTolerance: settings.clockToleranceSeconds,
        requiredClaims: ['exp'],
        ...(settings.requireType ? { typ: 'at+jwt' } : {}),
      };
      // jose compares `typ` without its `application/` prefix: `application/at+jwt` passes too.
      ({ payload: claims } = await jwtVerify(token, keys, options));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Unreachable) {
        const timedOut = error.cause instanceof errors.JWKSTimeout;
        throw new AppError(
          timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE',
          `Access token of '${key}' not checked: ${error.message}`,
          { cause: error.cause },
        );
      }
      throw refused(reason(error, settings, errors), error);
    }
    const identity = oidcIdentity(provider, claims, `The access token of '${key}'`);
    return { ...identity, provider: `oidc:${key}` };
  }

  /**
   * The provider's keys (jose's remote JWKS: cached, each fetch bounded by `timeoutMs`) and its issuer as
   * discovered; the discovery is awaited at most `timeoutMs` (it goes on, and the next call uses it).
   */
  private async keySet(verifier: Verifier): Promise<{ keys: JWTVerifyGetKey; issuer: string }> {
    const { key, provider, settings } = verifier;
    const { createRemoteJWKSet, errors } = await jose();
    let pending = this.keySets.get(key);
    if (!pending) {
      pending = this.oidc.serverMetadata(key).then((metadata) => {
        if (!metadata.jwks_uri) throw new Error('its discovery document names no jwks_uri');
        const url = new URL(metadata.jwks_uri);
        if (url.protocol !== 'https:' && !provider.allowInsecureHttp)
          throw new Error(`its jwks_uri ${url.href} is not https (allowInsecureHttp is off)`);
        return {
          keys: guarded(verifier, createRemoteJWKSet(url, { timeoutDuration: settings.timeoutMs }), errors),
          issuer: metadata.issuer,
        };
      });
      // A failed discovery is tried again by the next call.
      pending.catch(() => this.keySets.delete(key));
      this.keySets.set(key, pending);
    }
    const timer = new AbortController();
    const waited = sleep(settings.timeoutMs, undefined, { signal: timer.signal }).then(() => {
      throw new Unreachable(
        `${provider.issuer} did not answer its discovery within ${settings.timeoutMs} ms`,
        {
          cause: new errors.JWKSTimeout(),
        },
      );
    });
    try {
      return await Promise.race([pending, waited]);
    } catch (error) {
      if (error instanceof Unreachable) throw error;
      throw new Unreachable(`${provider.issuer} cannot be reached (${detail(error)})`, { cause: error });
    } finally {
      timer.abort();
      waited.catch(() => {});
    }
  }
}

/** jose's remote JWKS with `timeoutMs`, its failures to read the provider told apart from the token's. */
function guarded({ provider, settings }: Verifier, keys: JWTVerifyGetKey, errors: Errors): JWTVerifyGetKey {
  const ofToken = tokenErrors(errors);
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (ofToken.some((kind) => error instanceof kind)) throw error;
      const why =
        error instanceof errors.JWKSTimeout
          ? `its JWKS did not answer within ${settings.timeoutMs} ms`
          : `its JWKS cannot be read (${detail(error)})`;
      throw new Unreachable(`${provider.issuer}: ${why}`, { cause: error });
    }
  };
}

/** The innermost message of an error chain (fetch's `fetch failed` hides `ECONNREFUSED`). */
function detail(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** Why a token failed its checks, in the terms of the configuration. */
function reason(error: unknown, settings: AccessTokensConfig, errors: Errors): string {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return `its audience is not ${settings.audience}`;
    if (error.claim === 'iss') return 'its issuer is not the provider';
    if (error.claim === 'typ')
      return 'its typ is not at+jwt (set accessTokens.requireType: false if the provider never says so)';
    if (error.claim === 'nbf') return 'not valid yet';
    return `claim ${error.claim}: ${error.message}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  if (error instanceof errors.JWKSNoMatchingKey) return "no key of the provider's JWKS matches it";
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `its algorithm is not one of ${settings.algorithms.join(', ')}`;
  if (error instanceof errors.JOSEError) return error.message;
  return 'not a valid JWT';
}
