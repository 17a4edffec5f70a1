/**
 * OAUTHBEARER tokens by the client-credentials grant (KIP-768), as Java's OAuthBearerLoginCallbackHandler
 * gets them: POST grant_type=client_credentials (and scope) to the token endpoint with the client id and
 * secret as HTTP Basic. A token is reused until 80% of its lifetime, then the next connection or
 * re-authentication (KIP-368, when the broker's connections.max.reauth.ms asks) fetches a fresh one.
 */
export type ClientCredentials = {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string | undefined;
  timeoutMs: number;
};

import { errorChain } from './tls-failures.ts';

/** Why a token could not be had, safe to show: the endpoint and the status, never the secret. */
export class TokenError extends Error {}

type Held = { token: string; renewAt: number };

export class TokenSource {
  readonly #grant: ClientCredentials;
  #held: Held | undefined;
  #pending: Promise<string> | undefined;

  constructor(grant: ClientCredentials) {
    this.#grant = grant;
  }

  /** The current token, fetched when there is none or it is due for renewal; concurrent callers share one fetch. */
  token = (): Promise<string> => {
    if (this.#held && Date.now() < this.#held.renewAt) return Promise.resolve(this.#held.token);
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  };

  async #fetch(): Promise<string> {
    const { tokenUrl, clientId, clientSecret, scope, timeoutMs } = this.#grant;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    // As Java sends it by default (sasl.oauthbearer.header.urlencode=false): the id and secret as they are.
    const basic = Buffer.from(`${clientId}:${clientSecret}`);
    const started = Date.now();
    // Node's own fetch (loaded on first use): the token endpoint is called once a token's lifetime.
    let status: number;
    let text: string;
    try {
      const answer = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic.toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = answer.status;
      text = await answer.text();
    } catch (error) {
      const why =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : (codeOf(error) ?? 'no answer');
      throw new TokenError(`the OAuth token endpoint ${tokenUrl} cannot be reached (${why})`);
    }
    let body: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      body = {};
    }
    if (status !== 200 || typeof body.access_token !== 'string') {
      const reason = [body.error, body.error_description].filter((v) => typeof v === 'string').join(': ');
      throw new TokenError(
        `the OAuth token endpoint ${tokenUrl} refused client '${clientId}' (HTTP ${status}${reason ? `, ${reason}` : ''})`,
      );
    }
    const lifetimeMs = lifetimeOf(body.access_token, body.expires_in);
    this.#held = { token: body.access_token, renewAt: started + lifetimeMs * 0.8 };
    return body.access_token;
  }
}

/** `expires_in` when the endpoint says it, else the JWT's own `exp`, else an hour (Java's order). */
function lifetimeOf(token: string, expiresIn: unknown): number {
  if (typeof expiresIn === 'number' && expiresIn > 0) return expiresIn * 1000;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof claims.exp === 'number') return Math.max(0, claims.exp * 1000 - Date.now());
  } catch {
    // Not a JWT: the default below.
  }
  return 3_600_000;
}

/**
 * What is under fetch's `TypeError: fetch failed`: the first system error code (ECONNREFUSED,
 * ENOTFOUND...), else the innermost message (`bad port`).
 */
function codeOf(error: unknown): string | undefined {
  const inner = [...errorChain(error)].slice(1);
  return inner.find((e) => typeof e.code === 'string')?.code ?? inner.at(-1)?.message;
}
