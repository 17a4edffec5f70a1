import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../platform/config/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import type { Authenticator } from '../../auth/authenticator.ts';
import { loginPageWithError } from '../../auth/login/login-page.ts';
import type { PendingLogin } from '../../auth/login/login-providers.ts';
import { isHttps, publicUrlOf } from '../../auth/login/public-address.ts';
import { setSession } from '../../auth/sessions/session-cookie.ts';

type Options = Services & { auth: Authenticator };

const STATE_COOKIE = 'OIDC_STATE';
const STATE_LIFETIME_SECONDS = 600;

const ProviderParams = z.object({ provider: z.string() });
const LoginQuery = z.object({ redirect: z.string().optional() });

/** Only a path into the console's own UI, so the login cannot be turned into an open redirect. */
function safeReturnTo(config: Config, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ui = `${config.basePath}ui`;
  const inside = value === ui || value.startsWith(`${ui}/`) || value.startsWith(`${ui}?`);
  return inside && !/[\\\s]|\/\//.test(value) ? value : undefined;
}

/** The provider's configured callback, else one under `server.publicUrl` (never the request's Host when set). */
function redirectUri(
  config: Config,
  request: FastifyRequest,
  configured: string | undefined,
  provider: string,
) {
  return configured ?? publicUrlOf(request, config, `oauth/callback/${provider}`);
}

/**
 * OpenID Connect and plain OAuth2 sign-in (docs/api-conventions.md#sessions-and-login): the browser goes to
 * the provider with PKCE, state (and for OIDC a nonce) kept in a short-lived signed cookie (SameSite=Lax,
 * because the provider's redirect back is a cross-site navigation), and comes back to the callback, which
 * sets the session cookie.
 */
export const oauthRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, auth }) => {
  const cookiePath = `${config.basePath}oauth/`;
  const providerOf = (key: string) => {
    const found = auth.loginProvider(key);
    if (!found) throw new AppError('NOT_FOUND', `No login provider '${key}'`);
    return found;
  };

  app.get(
    '/oauth/login/:provider',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'startOauthLogin',
          tool: { none: 'a browser redirect to the sign-in provider' },
          summary: "Start a sign-in with an OIDC or OAuth2 provider (redirects to the provider's page)",
          answers: { 302: "To the provider's sign-in page" },
        },
      },
      schema: { tags: ['session'], params: ProviderParams, querystring: LoginQuery },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { providers } = providerOf(provider);
      const returnTo = safeReturnTo(config, request.query.redirect);
      const { url, pending } = await providers.start(
        provider,
        redirectUri(config, request, providers.redirectUri(provider), provider),
        returnTo,
      );
      reply.setCookie(STATE_COOKIE, auth.sign({ kind: 'oidc-state', ...pending }, STATE_LIFETIME_SECONDS), {
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request, config),
        path: cookiePath,
        maxAge: STATE_LIFETIME_SECONDS,
      });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/oauth/callback/:provider',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'finishOauthLogin',
          tool: { none: 'a browser redirect back from the sign-in provider' },
          summary: 'Where the provider sends the browser back; sets the session cookie',
          answers: { 303: 'On to the console, signed in, or back to the login page with the reason' },
        },
      },
      schema: { tags: ['session'], params: ProviderParams },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { providers, kind } = providerOf(provider);
      reply.clearCookie(STATE_COOKIE, { path: cookiePath });
      try {
        const pending = pendingLogin(auth, request.cookies[STATE_COOKIE], provider);
        const callback = new URL(redirectUri(config, request, providers.redirectUri(provider), provider));
        callback.search = new URL(request.url, 'http://x').search;
        const identity = await providers.finish(provider, callback, pending);
        request.identity = { ...identity, provider: `${kind}:${provider}` };
        setSession(reply, request, config, auth, request.identity);
        return reply.redirect(pending.returnTo ?? `${config.basePath}ui`, 303);
      } catch (error) {
        return backToLogin(reply, config, request, error);
      }
    },
  );
};

function pendingLogin(auth: Authenticator, cookie: string | undefined, provider: string): PendingLogin {
  const claims = cookie ? auth.verify(cookie) : undefined;
  if (claims?.kind !== 'oidc-state' || claims.provider !== provider) {
    throw new AppError(
      'UNAUTHORIZED',
      'The sign-in took too long or was started elsewhere; please try again',
    );
  }
  return claims as unknown as PendingLogin;
}

/** The console's login page shows `error` as a warning; details stay in the log. */
function backToLogin(reply: FastifyReply, config: Config, request: FastifyRequest, error: unknown) {
  request.log.warn({ err: error }, 'OAuth sign-in failed');
  const message =
    error instanceof AppError && error.code !== 'INTERNAL'
      ? error.message
      : 'Sign-in failed; please try again';
  return reply.redirect(loginPageWithError(config, message), 303);
}
