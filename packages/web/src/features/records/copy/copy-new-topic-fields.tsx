import { FormField, fieldProps } from '../../../components/form/form-field';
import type { NewTopic, NewTopicErrors } from './copy-new-topic';

type Props = {
  topic: NewTopic;
  errors: NewTopicErrors;
  /** The source's overridden configs; undefined when they cannot be read. */
  configs: Record<string, string> | undefined;
  onChange: (topic: NewTopic) => void;
};

/** The target topic made with the copy: name, partitions, replication, configs. */
export function CopyNewTopicFields({ topic, errors, configs, onChange }: Props) {
  const set = (change: Partial<NewTopic>) => onChange({ ...topic, ...change });
  const names = Object.keys(configs ?? {});
  return (
    <fieldset className="copy-form__new">
      <legend>New target topic</legend>
      <FormField id="copy-new-name" label="Name" error={errors.name}>
        <input
          className="input"
          {...fieldProps('copy-new-name', errors.name)}
          value={topic.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </FormField>
      <FormField id="copy-new-partitions" label="Partitions" error={errors.partitions}>
        <input
          className="input copy-form__number"
          inputMode="numeric"
          {...fieldProps('copy-new-partitions', errors.partitions)}
          value={topic.partitions}
          onChange={(event) => set({ partitions: event.target.value })}
        />
      </FormField>
      <FormField id="copy-new-replication" label="Replication factor" error={errors.replication}>
        <input
          className="input copy-form__number"
          inputMode="numeric"
          {...fieldProps('copy-new-replication', errors.replication)}
          value={topic.replication}
          onChange={(event) => set({ replication: event.target.value })}
        />
      </FormField>
      <label className="filter-bar__check">
        <input
          type="checkbox"
          className="checkbox"
          checked={topic.copyConfigs && configs !== undefined}
          disabled={configs === undefined}
          onChange={(event) => set({ copyConfigs: event.target.checked })}
        />
        {configs === undefined
          ? "The source's configs cannot be read: the topic gets the broker's defaults"
          : names.length === 0
            ? 'Same configs as the source (it overrides none of the defaults)'
            : `Same configs as the source: ${names.join(', ')}`}
      </label>
    </fieldset>
  );
}
