import {
  AccessControl,
  AccessControlList,
  AclListQuery,
  ClusterParams,
  PrincipalParams,
  PrincipalQuery,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusal } from '../auth/guard.ts';
import { badRequest } from '../errors.ts';
import { allAcls, principalAcls } from '../kafka/acls.ts';
import { nameMatcher } from '../kafka/topic-naming.ts';
import type { Services } from '../services.ts';

const tags = ['acls'];

/** Standard base64 (padding optional) of the principal, as the UI's `btoa` writes it (contract §3.8). */
function decodePrincipal(encoded: string): string {
  const text = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  if (!/^[^:\s]+:.+$/.test(text))
    throw badRequest('params.principal', 'must be the base64 of a principal such as User:alice');
  return text;
}

export const aclRoutes: FastifyPluginAsyncZod<Services> = async (app, { kafka }) => {
  app.get(
    '/api/:cluster/acls',
    {
      schema: {
        tags,
        params: ClusterParams,
        querystring: AclListQuery,
        response: { 200: AccessControlList },
      },
    },
    async (req) => {
      const matches = nameMatcher(req.query.search);
      const all = await kafka.run(req.params.cluster, (admin) => allAcls(admin));
      return req.permissions
        .filter('ACL', 'READ', req.params.cluster, all, (a) => a.principal)
        .filter((a) => matches(a.principal));
    },
  );

  app.get(
    '/api/:cluster/acls/:principal',
    {
      schema: {
        tags,
        params: PrincipalParams,
        querystring: PrincipalQuery,
        response: { 200: AccessControl },
      },
    },
    (req) => {
      const principal = decodePrincipal(req.params.principal);
      // The guard sees the base64 form: the principal is checked here, once decoded (issue 15).
      if (!req.permissions.grantsOn('ACL', 'READ', req.params.cluster, principal)) {
        throw refusal(req.identity, `resource ACL '${principal}' and action READ`);
      }
      return kafka.run(req.params.cluster, (admin) =>
        principalAcls(admin, principal, req.query.resourceType),
      );
    },
  );
};
