import { DateTimeFormat, GroupsListView, SortOrder, TopicListView, type UiOptions } from '@console/contract';
import { z } from 'zod';

const optional = <T extends z.ZodType>(choice: T) => z.union([z.literal(''), choice]);
const flag = z.enum(['true', 'false']);

/**
 * docs/behaviour.md#settings: the date-time format is required, every other option may stay unset (''),
 * then the server's or the console's default applies. Controls hold strings, so flags are 'true'/'false'.
 */
export const SettingsForm = z.object({
  topicDataDateTimeFormat: z.string().min(1, 'Required').pipe(DateTimeFormat),
  topicDefaultView: optional(TopicListView),
  skipConsumerGroups: flag,
  skipLastRecord: flag,
  showAllConsumerGroups: flag,
  groupsDefaultView: optional(GroupsListView),
  topicDataSort: optional(SortOrder),
});
export type SettingsValues = z.input<typeof SettingsForm>;

export const choices = {
  dateTimeFormat: [
    ['RELATIVE', 'Relative'],
    ['ISO', 'ISO'],
  ],
  topicView: [
    ['ALL', 'All topics'],
    ['HIDE_INTERNAL', 'Hide internal'],
    ['HIDE_INTERNAL_STREAM', 'Hide internal & stream'],
    ['HIDE_STREAM', 'Hide stream'],
  ],
  groupsView: [
    ['ALL', 'All consumer groups'],
    ['HIDE_EMPTY', 'Hide empty groups'],
  ],
  sort: [
    ['OLDEST', 'Oldest'],
    ['NEWEST', 'Newest'],
  ],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

/**
 * The form's starting values; docs/behaviour.md#settings: showAllConsumerGroups true and skip options false.
 */
export function settingsValues(options: UiOptions): SettingsValues {
  const { topic, topicData } = options;
  return {
    topicDataDateTimeFormat: topicData.dateTimeFormat,
    topicDefaultView: topic.defaultView ?? '',
    skipConsumerGroups: String(topic.skipConsumerGroups ?? false) as 'true' | 'false',
    skipLastRecord: String(topic.skipLastRecord ?? false) as 'true' | 'false',
    showAllConsumerGroups: String(topic.showAllConsumerGroups ?? true) as 'true' | 'false',
    groupsDefaultView: topic.groupsDefaultView ?? '',
    topicDataSort: topicData.sort ?? '',
  };
}

/** The UI options the console applies as defaults for the cluster from now on. */
export function toUiOptions(values: z.output<typeof SettingsForm>): UiOptions {
  return {
    topic: {
      ...(values.topicDefaultView ? { defaultView: values.topicDefaultView } : {}),
      skipConsumerGroups: values.skipConsumerGroups === 'true',
      skipLastRecord: values.skipLastRecord === 'true',
      showAllConsumerGroups: values.showAllConsumerGroups === 'true',
      ...(values.groupsDefaultView ? { groupsDefaultView: values.groupsDefaultView } : {}),
    },
    topicData: {
      ...(values.topicDataSort ? { sort: values.topicDataSort } : {}),
      dateTimeFormat: values.topicDataDateTimeFormat,
    },
  };
}

export const settingsSaved = (cluster: string) => `Settings for cluster '${cluster}' updated successfully.`;
