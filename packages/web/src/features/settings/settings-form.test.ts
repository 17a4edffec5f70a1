import { describe, expect, it } from 'vitest';
import { SettingsForm, settingsSaved, settingsValues, toUiOptions } from './settings-form';

describe('settings form', () => {
  it('starts from the cluster options, with the documented defaults for unset flags', () => {
    expect(settingsValues({ topic: {}, topicData: { dateTimeFormat: 'RELATIVE' } })).toEqual({
      topicDataDateTimeFormat: 'RELATIVE',
      topicDefaultView: '',
      skipConsumerGroups: 'false',
      skipLastRecord: 'false',
      showAllConsumerGroups: 'true',
      groupsDefaultView: '',
      topicDataSort: '',
    });
  });

  it('requires the date-time format', () => {
    const values = { ...settingsValues({ topic: {}, topicData: { dateTimeFormat: 'ISO' } }) };
    expect(SettingsForm.safeParse({ ...values, topicDataDateTimeFormat: '' }).success).toBe(false);
    expect(SettingsForm.safeParse(values).success).toBe(true);
  });

  it('turns the values back into UI options, leaving unset choices out', () => {
    const options = {
      topic: { defaultView: 'ALL' as const, skipLastRecord: true, groupsDefaultView: 'HIDE_EMPTY' as const },
      topicData: { sort: 'NEWEST' as const, dateTimeFormat: 'ISO' as const },
    };
    expect(toUiOptions(SettingsForm.parse(settingsValues(options)))).toEqual({
      topic: { ...options.topic, skipConsumerGroups: false, showAllConsumerGroups: true },
      topicData: options.topicData,
    });
    const bare = SettingsForm.parse(settingsValues({ topic: {}, topicData: { dateTimeFormat: 'RELATIVE' } }));
    expect(toUiOptions(bare).topicData).toEqual({ dateTimeFormat: 'RELATIVE' });
  });

  it('names the cluster in the success toast', () => {
    expect(settingsSaved('local')).toBe("Settings for cluster 'local' updated successfully.");
  });
});
