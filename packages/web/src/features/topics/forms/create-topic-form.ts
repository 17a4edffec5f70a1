import type { TopicCreate, TopicDefaults } from '@console/contract';
import { z } from 'zod';

export const cleanupPolicies = [
  ['delete', 'Delete'],
  ['compact', 'Compact'],
  ['compact,delete', 'Delete and Compact'],
] as const;

/** A number typed into a text field; `min` is inclusive. */
export function wholeNumber(label: string, min?: number) {
  const number = z.coerce
    .number<string>({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`);
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .pipe(min === undefined ? number : number.min(min, `${label} must be at least ${min}`));
}

/**
 * Create topic (docs/behaviour.md#produce-and-copy); the name also follows Kafka's rules, so the broker never
 * has to refuse it.
 */
export const CreateTopicForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(249, 'Name must be at most 249 characters')
    .regex(/^[a-zA-Z0-9._-]+$/, 'Name may only contain letters, digits, ".", "_" and "-"')
    .refine((name) => name !== '.' && name !== '..', 'Name cannot be "." or ".."'),
  partition: wholeNumber('Partition', 1),
  replication: wholeNumber('Replication', 1),
  cleanup: z.enum(['delete', 'compact', 'compact,delete'], { error: 'Cleanup policy is required' }),
  retention: wholeNumber('Retention'),
});
export type CreateTopicValues = z.input<typeof CreateTopicForm>;

/**
 * The starting values of docs/behaviour.md#formats-and-constants, replaced by the server's defaults when they
 * are known.
 */
export function initialTopicValues(defaults: TopicDefaults | undefined): CreateTopicValues {
  return {
    name: '',
    partition: String(defaults?.partition ?? 1),
    replication: String(defaults?.replication ?? 1),
    cleanup: 'delete',
    retention: String(defaults?.retention ?? 86_400_000),
  };
}

export function toTopicCreate(form: z.output<typeof CreateTopicForm>): TopicCreate {
  return {
    name: form.name,
    partition: form.partition,
    replication: form.replication,
    configs: { 'cleanup.policy': form.cleanup, 'retention.ms': String(form.retention) },
  };
}
