import {
  AclBinding,
  AclBindingCreate,
  AclDeleteAnswer,
  AclDeleteQuery,
  ClusterParams,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

const tags = ['acls'];

/** ACL creation and deletion; the guard checks the principal against ACL patterns. */
export const aclWriteRoutes: FastifyPluginAsyncZod<Services> = async (app, { acls }) => {
  app.post(
    '/api/:cluster/acls',
    {
      config: {
        access: {
          resource: 'ACL',
          action: 'CREATE',
          check: [{ in: 'body', key: 'principal' }],
          handled: { 'body.resourceName': 'the resource the binding is about; ACL patterns name principals' },
        },
        operation: { operationId: 'createAcl', tool: 'write', summary: 'Create one ACL binding' },
      },
      schema: { tags, params: ClusterParams, body: AclBindingCreate, response: { 201: AclBinding } },
    },
    async (req, reply) => {
      const created = await acls.create(req.params.cluster, req.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/:cluster/acls',
    {
      config: {
        access: {
          resource: 'ACL',
          action: 'DELETE',
          check: [{ in: 'query', key: 'principal' }],
          handled: { 'query.resourceName': 'narrows the filter; ACL patterns name principals' },
        },
        operation: {
          operationId: 'deleteAcls',
          tool: 'destructive',
          summary: 'Delete the ACL bindings a filter matches',
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: AclDeleteQuery,
        response: { 200: AclDeleteAnswer },
      },
    },
    (req) => acls.delete(req.params.cluster, req.query),
  );
};
