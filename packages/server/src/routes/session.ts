import { Auths, Me } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anonymousPermissions } from '../auth/roles.ts';
import type { Services } from '../services.ts';
import { VERSION } from '../version.ts';

export const sessionRoutes: FastifyPluginAsyncZod<Services> = async (app, { config }) => {
  app.get('/api/auths', { schema: { tags: ['session'], response: { 200: Auths } } }, () => ({
    loginEnabled: config.security.enabled,
    formEnabled: false,
    version: VERSION,
  }));

  app.get('/api/me', { schema: { tags: ['session'], response: { 200: Me } } }, () => {
    const roles = anonymousPermissions(config.security);
    return { logged: false, ...(roles.length ? { roles } : {}) };
  });
};
