import { z } from 'zod';

/** Enum query values are accepted in any case, as AKHQ's UI sends `Oldest` as well as `OLDEST`. */
export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));
}

const TOPIC_LIST_VIEWS = ['ALL', 'HIDE_INTERNAL', 'HIDE_INTERNAL_STREAM', 'HIDE_STREAM'] as const;
export const TopicListView = z.enum(TOPIC_LIST_VIEWS);
export type TopicListView = z.infer<typeof TopicListView>;
/** `show=` / `topicListView=` as a query value, in any case. */
export const TopicListViewParam = caseInsensitiveEnum(TOPIC_LIST_VIEWS);
const GROUPS_LIST_VIEWS = ['ALL', 'HIDE_EMPTY'] as const;
export const GroupsListView = z.enum(GROUPS_LIST_VIEWS);
export type GroupsListView = z.infer<typeof GroupsListView>;
/** `groupsListView=` as a query value, in any case. */
export const GroupsListViewParam = caseInsensitiveEnum(GROUPS_LIST_VIEWS);
export const SortOrder = z.enum(['OLDEST', 'NEWEST']);
export type SortOrder = z.infer<typeof SortOrder>;
export const DateTimeFormat = z.enum(['RELATIVE', 'ISO']);
export type DateTimeFormat = z.infer<typeof DateTimeFormat>;
