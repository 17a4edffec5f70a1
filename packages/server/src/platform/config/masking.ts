import { z } from 'zod';
import { regex } from './regex.ts';

/** `key`, `value` or `headers` (the whole part), then field names joined by `.` (a header's name is the rest). */
const MaskPath = z
  .string()
  .regex(
    /^(?:key|value|headers)(?:\.[^.]+)*$/,
    'a path is key, value or headers, then field names joined by . (value.card.number, headers.authorization)',
  );

/**
 * One rule of `security.masking` (docs/masking.md): on the topics it names, every viewer outside
 * `unmaskedFor` sees `paths` masked. `replacement` and `keep` are only read by the masks that use them.
 */
export const MaskingRule = z
  .strictObject({
    /** Full-match regexes on topic names, like the groups' patterns. */
    topics: z.array(regex).min(1, 'name at least one topic pattern'),
    /** Full-match regexes on cluster names. */
    clusters: z.array(regex).default(['.*']),
    paths: z.array(MaskPath).min(1, 'name at least one path'),
    mask: z.enum(['HIDE', 'REPLACE', 'KEEP_LAST', 'HASH']),
    replacement: z.string().optional(),
    keep: z.number().int().min(0).optional(),
    /** Console groups that see clear values. */
    unmaskedFor: z.array(z.string()).default([]),
  })
  .superRefine((rule, ctx) => {
    if (rule.keep !== undefined && rule.mask !== 'KEEP_LAST')
      ctx.addIssue({ code: 'custom', path: ['keep'], message: 'keep applies to KEEP_LAST only' });
    if (rule.replacement !== undefined && (rule.mask === 'HIDE' || rule.mask === 'HASH'))
      ctx.addIssue({
        code: 'custom',
        path: ['replacement'],
        message: 'replacement applies to REPLACE and KEEP_LAST only',
      });
  });

export type MaskingRuleConfig = z.output<typeof MaskingRule>;

export const MaskingRules = z.array(MaskingRule).default([]);

/** The HMAC key of HASH masks: the same key gives the same hashes across restarts and replicas. */
export const MaskingSecret = z.string().min(32, 'use at least 32 characters').optional();

type Issue = { path: (string | number)[]; message: string };

/** What only the whole security section can tell: groups that exist, a secret for HASH. */
export function maskingIssues(security: {
  masking: readonly MaskingRuleConfig[];
  maskingSecret?: string | undefined;
  groups: Record<string, unknown>;
}): Issue[] {
  const issues: Issue[] = [];
  security.masking.forEach((rule, i) => {
    if (rule.mask === 'HASH' && security.maskingSecret === undefined)
      issues.push({
        path: ['security', 'masking', i, 'mask'],
        message: 'HASH needs security.maskingSecret (at least 32 characters), the key of its HMAC',
      });
    rule.unmaskedFor.forEach((group, j) => {
      if (!security.groups[group])
        issues.push({ path: ['security', 'masking', i, 'unmaskedFor', j], message: `no group '${group}'` });
    });
  });
  return issues;
}
