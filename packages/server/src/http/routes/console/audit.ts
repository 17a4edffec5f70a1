import { AuditPage, AuditQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';

/** `GET /api/audit`: the audit trail from the audit topic, newest first. */
export const auditRoutes: FastifyPluginAsyncZod<Services> = async (app, { audit }) => {
  app.get(
    '/api/audit',
    {
      config: {
        access: {
          resource: 'AUDIT',
          action: 'READ',
          check: false,
          handled: {
            'query.cluster':
              'events only of clusters where the caller holds AUDIT READ (http/routes/console/audit.ts)',
            'query.user': 'a filter on the audit events, not an object the caller acts on',
            'query.object': 'a filter on the audit events, not an object the caller acts on',
            answer: 'events of clusters where the caller holds AUDIT READ, and events naming no cluster',
          },
        },
        operation: {
          operationId: 'listAuditEvents',
          tool: 'read',
          summary: 'Audit events, newest first, filtered',
        },
      },
      schema: {
        tags: ['audit'],
        querystring: AuditQuery,
        response: { 200: AuditPage },
        description:
          'Audit events (every write; reads of record data with `audit.reads`) from the audit topic, newest first, 50 a page, filtered; only events of clusters where the caller holds AUDIT READ, and those naming no cluster (logins). 404 when `audit.enabled` is off.',
      },
    },
    (req) => {
      if (!audit) throw notFound('The audit log is off: set audit.enabled in the configuration');
      return audit.query(req.query, (cluster) => req.permissions.grants('AUDIT', 'READ', cluster));
    },
  );
};
