import {
  AccessControl,
  AccessControlList,
  AclListQuery,
  ClusterParams,
  PrincipalParams,
  PrincipalQuery,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusal } from '../../../domain/access/identity.ts';
import type { Services } from '../../../services.ts';

const tags = ['acls'];

export const aclRoutes: FastifyPluginAsyncZod<Services> = async (app, { acls }) => {
  app.get(
    '/api/:cluster/acls',
    {
      config: {
        access: {
          resource: 'ACL',
          action: 'READ',
          handled: { answer: 'ACLs filtered by their principal against ACL READ patterns' },
        },
        operation: { operationId: 'listAcls', tool: 'read', summary: 'ACLs, grouped by principal' },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: AclListQuery,
        response: { 200: AccessControlList },
      },
    },
    (req) =>
      acls.list(
        req.params.cluster,
        req.query.search,
        req.permissions.allow('ACL', 'READ', req.params.cluster),
      ),
  );

  app.get(
    '/api/:cluster/acls/:principal',
    {
      config: {
        access: {
          resource: 'ACL',
          action: 'READ',
          handled: {
            'param.principal':
              'decoded from base64, then checked against ACL READ patterns (http/routes/cluster/acls.ts)',
          },
        },
        operation: {
          operationId: 'getPrincipalAcls',
          tool: 'read',
          summary: "One principal's ACLs",
        },
      },
      schema: {
        tags,
        params: PrincipalParams,
        querystring: PrincipalQuery,
        response: { 200: AccessControl },
      },
    },
    async (req) => {
      // The schema admits standard base64 only (as the UI's `btoa` writes it:
      // docs/api-conventions.md#path-parameters).
      const principal = Buffer.from(req.params.principal, 'base64').toString('utf8');
      // The guard sees the base64 form: the principal is checked here, once decoded.
      if (!req.permissions.grantsOn('ACL', 'READ', req.params.cluster, principal)) {
        throw refusal(req.identity, `resource ACL '${principal}' and action READ`);
      }
      return acls.principal(req.params.cluster, principal, req.query.resourceType);
    },
  );
};
