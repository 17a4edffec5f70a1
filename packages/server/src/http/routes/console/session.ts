import { Auths, LoginRequest, LoginResponse, Me } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import { VERSION } from '../../../platform/version.ts';
import type { Services } from '../../../services.ts';
import type { Authenticator } from '../../auth/authenticator.ts';
import { loginPageWithError, wantsLoginPage } from '../../auth/login/login-page.ts';
import { REVOCATION_PATH } from '../../auth/sessions/revocation-peers.ts';
import { clearSession, setSession } from '../../auth/sessions/session-cookie.ts';

type Options = Services & { auth: Authenticator };

const tags = ['session'];

export const sessionRoutes: FastifyPluginAsyncZod<Options> = async (app, { config, auth }) => {
  // HTML forms post `application/x-www-form-urlencoded`; scripts and the console post JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/auths',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'listAuths',
          tool: { none: "the login page's list of sign-in methods" },
          summary: 'Login methods this server offers',
        },
      },
      schema: { tags, response: { 200: Auths } },
    },
    () => {
      const oidcAuths = auth.oidc.list();
      const oauthAuths = auth.oauth2.list();
      return {
        loginEnabled: auth.loginEnabled,
        formEnabled: config.security.enabled && auth.formEnabled,
        ...(config.security.enabled && oidcAuths.length ? { oidcAuths } : {}),
        ...(config.security.enabled && oauthAuths.length ? { oauthAuths } : {}),
        version: VERSION,
      };
    },
  );

  app.get(
    '/api/me',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'getMe',
          tool: 'read',
          summary: 'The caller: who is logged in and what they may do',
        },
      },
      schema: { tags, response: { 200: Me } },
    },
    (request) => {
      const roles = request.permissions.roles;
      const user = request.identity;
      return {
        logged: user !== null,
        ...(user ? { username: user.username } : {}),
        ...(roles.length ? { roles: [...roles] } : {}),
      };
    },
  );

  app.post(
    '/login',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'login',
          tool: { none: 'signs a browser in; an agent sends its token or Basic credentials with every call' },
          summary: 'Log in with a username and password; sets the session cookie',
          errors: [401, 404, 429],
          answers: { 303: 'Form login: on to the console, the session cookie set' },
        },
      },
      schema: { tags, body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (request, reply) => {
      if (!config.security.enabled || !auth.formEnabled) {
        throw new AppError('NOT_FOUND', 'Login with a password is not enabled on this server');
      }
      const { username, password } = request.body;
      const identity = await auth.login(username, password, request.ip).catch((error: unknown) => {
        if (error instanceof AppError && error.code !== 'INTERNAL' && wantsLoginPage(request)) return error;
        throw error;
      });
      if (identity instanceof AppError)
        return reply.redirect(loginPageWithError(config, identity.message), 303);
      // The route is public, so the guard saw an anonymous caller; the audit names who logged in.
      request.identity = identity;
      const token = setSession(reply, request, config, auth, identity);
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(`${config.basePath}ui`, 303);
      }
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: config.security.jwt.lifetimeSeconds,
        username: identity.username,
      };
    },
  );

  // Logout ends the session's token (cookie or bearer) as well as the cookie: docs/security.md.
  const endSession = async (request: FastifyRequest) => {
    const session = request.caller?.session;
    if (session) await auth.endSession(session, request.log);
  };

  app.get(
    '/logout',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'logoutAndRedirect',
          tool: { none: 'ends a browser session' },
          summary: 'Log out and go back to the console',
          answers: { 303: 'The session cookie cleared; on to the console' },
        },
      },
      schema: { tags },
    },
    async (request, reply) => {
      await endSession(request);
      clearSession(reply, config);
      return reply.redirect(`${config.basePath}ui`, 303);
    },
  );

  app.post(
    '/logout',
    {
      config: {
        access: 'public',
        operation: {
          operationId: 'logout',
          tool: { none: 'ends a browser session' },
          summary: 'Log out: clears the session cookie',
        },
      },
      schema: { tags, response: { 204: z.void() } },
    },
    async (request, reply) => {
      await endSession(request);
      clearSession(reply, config);
      return reply.code(204).send();
    },
  );

  // Another replica's logout (security.jwt.revocationPeers); only a message signed with the shared
  // secret is believed.
  app.post(
    `/${REVOCATION_PATH}`,
    {
      // Public: the handler believes only a logout signed with the replicas' shared JWT secret.
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ token: z.string().max(4096) }), response: { 204: z.void() } },
    },
    async (request, reply) => {
      if (!auth.peerEndedSession(request.body.token)) {
        throw new AppError('UNAUTHORIZED', 'Not a logout signed by a replica of this console');
      }
      return reply.code(204).send();
    },
  );
};
