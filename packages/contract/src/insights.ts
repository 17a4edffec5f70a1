import { z } from 'zod';
import { pagedList } from './common/lists.ts';
import { onFirstUse } from './common/on-first-use.ts';
import { lenientInt, splitQueryList } from './common/query.ts';

export const INSIGHT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export const InsightSeverity = z.enum(INSIGHT_SEVERITIES);
export type InsightSeverity = z.infer<typeof InsightSeverity>;

/** Stable codes of the checks (docs/insights.md lists each rule and its cost). */
export const INSIGHT_KINDS = [
  'partition.offline',
  'partition.under-min-isr',
  'partition.under-replicated',
  'topic.min-isr-above-rf',
  'topic.replication-factor-one',
  'topic.unclean-leader-election',
  'broker.leader-skew',
  'broker.size-skew',
  'topic.unused',
  'group.lag-growing',
  'group.offsets-expiring',
] as const;
export const InsightKind = z.enum(INSIGHT_KINDS);
export type InsightKind = z.infer<typeof InsightKind>;

export const InsightObject = onFirstUse(() =>
  z.object({
    type: z.enum(['topic', 'group', 'broker']),
    name: z.string().meta({ description: 'Topic name, group id, or broker id' }),
    topic: z
      .string()
      .optional()
      .meta({ description: 'For a group finding about one of its topics: that topic' }),
  }),
);
export type InsightObject = z.infer<typeof InsightObject>;

export const Insight = onFirstUse(() =>
  z
    .object({
      id: z.string().meta({ description: 'Stable across calls: the kind and the object' }),
      severity: InsightSeverity,
      kind: InsightKind,
      object: InsightObject,
      evidence: z.array(z.string()).meta({ description: 'Short facts behind the finding' }),
      advice: z.string(),
    })
    .meta({ id: 'Insight' }),
);
export type Insight = z.infer<typeof Insight>;

export const InsightCheck = onFirstUse(() =>
  z.object({
    kind: InsightKind,
    status: z.enum(['RAN', 'SKIPPED', 'FAILED']),
    reason: z.string().optional().meta({ description: 'Why the check did not run, or failed' }),
  }),
);
export type InsightCheck = z.infer<typeof InsightCheck>;

/** Lowercased repeated or comma-joined values, each checked against `values` (a bad one is a 400). */
const lowerList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => splitQueryList(v).map((s) => s.toLowerCase()), z.array(z.enum(values)));

export const InsightsQuery = onFirstUse(() =>
  z.object({
    severity: lowerList(INSIGHT_SEVERITIES).meta({
      description: 'Only these severities (repeated or comma-joined)',
    }),
    kind: lowerList(INSIGHT_KINDS).meta({ description: 'Only these kinds (repeated or comma-joined)' }),
    page: lenientInt.meta({ description: '1-based page number' }),
    unusedDays: z.coerce
      .number()
      .int()
      .min(1)
      .max(365)
      .default(7)
      .meta({ description: 'Days without a write (and no group reading) that make a topic unused' }),
  }),
);
export type InsightsQuery = z.infer<typeof InsightsQuery>;

/** `GET /api/{cluster}/insights`: findings about what the caller may see, one page, with counts. */
export const InsightList = onFirstUse(() =>
  pagedList(Insight)
    .extend({
      summary: z
        .object({ critical: z.number().int(), warning: z.number().int(), info: z.number().int() })
        .meta({
          description: 'Findings per severity the caller may see, before the severity and kind filters',
        }),
      checks: z.array(InsightCheck).meta({ description: 'Each check, and whether it ran for this answer' }),
      generatedAt: z.string().meta({ description: 'When the findings were computed (ISO-8601)' }),
      ageMs: z
        .number()
        .int()
        .meta({ description: 'How old the findings are (computed again once past 30 s, served meanwhile)' }),
      unusedDays: z.number().int(),
    })
    .meta({ id: 'InsightList' }),
);
export type InsightList = z.infer<typeof InsightList>;
