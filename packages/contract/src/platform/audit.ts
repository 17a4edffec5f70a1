import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';
import { isoInstant } from '../common/query.ts';

export const AuditOutcome = z.enum(['success', 'refused', 'failure']);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** One audit event as the viewer lists it; the full event (request id, route) stays in the audit topic. */
export const AuditEvent = onFirstUse(() =>
  z
    .object({
      timestamp: z.string().meta({ description: 'UTC ISO-8601 with milliseconds' }),
      user: z.string(),
      action: z.string().meta({ description: 'RESOURCE:ACTION, e.g. TOPIC:DELETE, or the route for others' }),
      cluster: z.string().optional(),
      object: z.string().optional().meta({ description: 'What the action named: topic, group, subject...' }),
      outcome: AuditOutcome,
      status: z.number().int(),
      address: z.string().optional(),
      route: z.string(),
      via: z.enum(['mcp']).optional().meta({
        description: 'How the call came: `mcp` for an MCP tool call (docs/mcp.md); absent for the API',
      }),
    })
    .meta({ id: 'AuditEvent' }),
);
export type AuditEvent = z.infer<typeof AuditEvent>;

/** `GET /api/audit`: exact matches on user, action, cluster and outcome; `object` matches a part of it. */
export const AuditQuery = onFirstUse(() =>
  z.object({
    user: z.string().max(256).optional(),
    action: z.string().max(256).optional(),
    cluster: z.string().max(256).optional(),
    object: z.string().max(1024).optional().meta({ description: 'Events whose object contains this text' }),
    outcome: AuditOutcome.optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  }),
);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = onFirstUse(() =>
  z
    .object({
      results: z.array(AuditEvent),
      page: z.number().int(),
      total: z.number().int().meta({ description: 'Events matching, among those the index holds' }),
      pageSize: z.number().int(),
      indexed: z
        .number()
        .int()
        .meta({ description: 'Events the index holds (the newest audit.indexMaxEvents)' }),
    })
    .meta({ id: 'AuditPage' }),
);
export type AuditPage = z.infer<typeof AuditPage>;
