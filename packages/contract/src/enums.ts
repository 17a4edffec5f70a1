import { z } from 'zod';

/** Enum query values are accepted in any case, as AKHQ's UI sends `Oldest` as well as `OLDEST` (contract §1.3). */
export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));
}

export const TopicListView = z.enum(['ALL', 'HIDE_INTERNAL', 'HIDE_INTERNAL_STREAM', 'HIDE_STREAM']);
export type TopicListView = z.infer<typeof TopicListView>;
export const GroupsListView = z.enum(['ALL', 'HIDE_EMPTY']);
export type GroupsListView = z.infer<typeof GroupsListView>;
export const SortOrder = z.enum(['OLDEST', 'NEWEST']);
export type SortOrder = z.infer<typeof SortOrder>;
export const DateTimeFormat = z.enum(['RELATIVE', 'ISO']);
export type DateTimeFormat = z.infer<typeof DateTimeFormat>;
