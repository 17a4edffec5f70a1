import {
  AccessControl,
  AccessControlList,
  AclListQuery,
  ClusterParams,
  PrincipalParams,
  PrincipalQuery,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allAcls, principalAcls } from '../../../domain/acls/acls.ts';
import { nameMatcher } from '../../../domain/topics/topic-naming.ts';
import type { Services } from '../../../services.ts';
import { refusal } from '../../auth/guard.ts';

const tags = ['acls'];

/** A principal as ACLs name one, `Type:name`; Kafka refuses a filter naming anything else. */
const PRINCIPAL = /^[^:\s]+:.+$/;

export const aclRoutes: FastifyPluginAsyncZod<Services> = async (app, { kafka }) => {
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
      config: {
        access: {
          resource: 'ACL',
          action: 'READ',
          handled: {
            'param.principal': 'decoded from base64, then checked against ACL READ patterns (routes/acls.ts)',
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
      // The guard sees the base64 form: the principal is checked here, once decoded (issue 15).
      if (!req.permissions.grantsOn('ACL', 'READ', req.params.cluster, principal)) {
        throw refusal(req.identity, `resource ACL '${principal}' and action READ`);
      }
      if (!PRINCIPAL.test(principal)) {
        // No ACL can name it; the cluster must still exist.
        await kafka.run(req.params.cluster, async () => undefined);
        return { principal };
      }
      return kafka.run(req.params.cluster, (admin) =>
        principalAcls(admin, principal, req.query.resourceType),
      );
    },
  );
};
