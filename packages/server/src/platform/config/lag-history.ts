import { z } from 'zod';

const MINUTE = 60_000;

/**
 * A name pattern of an alert rule: `*` matches any run of characters, every other character itself
 * (glob-like, read by lag/glob.ts without any regular expression).
 */
const Pattern = z.string().min(1).max(249).default('*');

const Webhook = z.strictObject({
  /** Secret: redacted in logs and never answered by the API. */
  url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  /** `slack`: `{text}` as Slack's incoming webhooks take it; `generic`: the alert as JSON fields. */
  format: z.enum(['slack', 'generic']).default('generic'),
  timeoutMs: z.number().int().positive().default(5_000),
});

const AlertRule = z
  .strictObject({
    name: z.string().regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . and - only (at most 64)'),
    cluster: Pattern,
    group: Pattern,
    topic: Pattern,
    /** Fires while a group's lag on a topic is above this many records. */
    lagAbove: z.number().int().min(0).optional(),
    /** Fires while a group's lag on a topic grew at every sample of the last this many minutes. */
    growingForMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
    /**
     * Fires while a group is further behind on a topic than this many minutes: the oldest record it has
     * not consumed on one of its partitions was written longer ago than that. Only (group, topic) pairs
     * a rule of this kind matches are read for it, one bounded read per lagging partition a sample.
     */
    lagAboveMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
    /** Fires while the group has no members. */
    noMembers: z.literal(true).optional(),
    /** Names of `webhooks` this rule sends to. */
    webhooks: z.array(z.string()).min(1),
  })
  .refine(
    (r) =>
      [
        r.lagAbove !== undefined,
        r.lagAboveMinutes !== undefined,
        r.growingForMinutes !== undefined,
        r.noMembers !== undefined,
      ].filter(Boolean).length === 1,
    {
      message: 'give exactly one of lagAbove, lagAboveMinutes, growingForMinutes, noMembers',
      path: ['lagAbove'],
    },
  );

export const LagHistoryConfig = z
  .strictObject({
    /** Off by default: on, the console creates its topic and joins its election group in each cluster. */
    enabled: z.boolean().default(false),
    /** How often the sampling replica reads every group's lag. */
    intervalMs: z.number().int().min(100).default(MINUTE),
    /** The compacted internal topic the samples are kept in, in each cluster; created when missing. */
    topic: z
      .string()
      .regex(/^[\w.-]{1,249}$/, 'a Kafka topic name: letters, digits, _ . and - only')
      .default('_console_lag_history'),
    /** How long samples are kept (the topic's retention.ms). */
    retentionMs: z
      .number()
      .int()
      .min(MINUTE)
      .default(7 * 24 * 60 * MINUTE),
    /** The topic's retention.bytes: the most the history takes on a broker, whatever the retention. */
    retentionBytes: z
      .number()
      .int()
      .min(1024 * 1024)
      .default(1024 ** 3),
    /** The consumer group of the consoles' own whose member holding partition 0 of `topic` samples. */
    electionGroup: z.string().min(1).max(249).default('_console_lag_sampler'),
    webhooks: z.record(z.string().regex(/^[\w-]+$/, 'letters, digits, _ and - only'), Webhook).default({}),
    rules: z.array(AlertRule).default([]),
  })
  .superRefine((config, ctx) => {
    config.rules.forEach((rule, i) => {
      rule.webhooks.forEach((name, j) => {
        if (!config.webhooks[name])
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'webhooks', j],
            message: `no webhook named '${name}' in lagHistory.webhooks`,
          });
      });
    });
  });

export type LagHistoryConfig = z.output<typeof LagHistoryConfig>;
export type AlertRule = LagHistoryConfig['rules'][number];
export type WebhookConfig = LagHistoryConfig['webhooks'][string];
