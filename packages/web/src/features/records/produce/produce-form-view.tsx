import { useState } from 'react';
import { DateTimePicker } from '../../../components/date-time-picker/date-time-picker';
import { FormField, fieldProps } from '../../../components/form/form-field';
import { Icon } from '../../../components/icon';
import { useProduce } from '../mutations';
import { batchBodies } from './produce-batch';
import { type ChosenFile, ProduceBatchFields } from './produce-batch-fields';
import { useProduceBatch } from './produce-batch-mutation';
import {
  keySubjects,
  type ProduceValues,
  toProduceBody,
  VALUE_TYPES,
  type ValueType,
  valueSubjects,
} from './produce-form';
import { jsonError, ProduceValueField } from './produce-value-field';
import { useProduceForm } from './use-produce-form';

type Props = {
  cluster: string;
  topic: string;
  partitions: number[];
  subjects: string[];
  initial: ProduceValues;
  onDone: () => void;
};

/**
 * docs/behaviour.md#produce-and-copy: multi message and tombstone exclude each other; multi message has no
 * key field. The value comes last, so Produce is the next Tab stop after it.
 */
export function ProduceFormView({ cluster, topic, partitions, subjects, initial, onDone }: Props) {
  const produce = useProduce(cluster, topic);
  const batch = useProduceBatch(cluster, topic);
  const form = useProduceForm(initial);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const { values, errors, set } = form;
  const fileJson =
    file !== null && 'values' in file && values.valueType === 'json'
      ? file.values.findIndex((value) => jsonError(value) !== undefined)
      : -1;
  const valuesError = fileJson >= 0 ? `Record ${fileJson + 1} of the file is not valid JSON` : undefined;
  const fileError = file !== null && 'error' in file ? file.error : valuesError;
  const busy = form.invalid || fileError !== undefined || produce.isPending || batch.isPending;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate() || fileError) return;
    const body = toProduceBody(values);
    const fromFile = !values.multiMessage && file !== null && 'values' in file ? file.values : undefined;
    const copies = values.multiMessage ? 1 : Number(values.copies);
    if (fromFile === undefined && copies === 1)
      return produce.mutate(body, { onSuccess: onDone, onError: form.fromServer });
    batch.mutate(batchBodies(body, copies, fromFile), { onSuccess: onDone, onError: form.fromServer });
  };
  const setHeader = (index: number, change: Partial<{ key: string; value: string }>) =>
    set(
      'headers',
      values.headers.map((h, i) => (i === index ? { ...h, ...change } : h)),
    );

  return (
    <form className="panel form produce-form" aria-label={`Produce to ${topic}`} noValidate onSubmit={submit}>
      <FormField id="produce-partition" label="Partition" error={errors.partition}>
        <select
          className="select"
          {...fieldProps('produce-partition', errors.partition)}
          value={values.partition}
          onChange={(event) => set('partition', event.target.value)}
        >
          <option value="">Automatic</option>
          {partitions.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </FormField>
      <SubjectSelect
        id="produce-key-schema"
        label="Key schema"
        error={errors.keySchema}
        subjects={keySubjects(subjects)}
        value={values.keySchema}
        onChange={(v) => set('keySchema', v)}
      />
      <FormField id="produce-key" label="Key" error={errors.key}>
        <input
          className="input"
          {...fieldProps('produce-key', errors.key)}
          disabled={values.multiMessage}
          placeholder={values.multiMessage ? 'Each line of the value holds its key' : ''}
          value={values.key}
          onChange={(event) => set('key', event.target.value)}
        />
      </FormField>
      <FormField id="produce-headers" label="Headers" error={errors.headers}>
        <div className="produce-headers" id="produce-headers">
          {values.headers.map((header, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
            <div key={index} className="produce-headers__row">
              <input
                className="input"
                aria-label={`Header ${index + 1} key`}
                placeholder="Key"
                value={header.key}
                onChange={(event) => setHeader(index, { key: event.target.value })}
              />
              <input
                className="input"
                aria-label={`Header ${index + 1} value`}
                placeholder="Value"
                value={header.value}
                onChange={(event) => setHeader(index, { value: event.target.value })}
              />
              <button
                type="button"
                className="btn btn--ghost btn--icon"
                aria-label={`Remove header ${index + 1}`}
                onClick={() =>
                  set(
                    'headers',
                    values.headers.filter((_, i) => i !== index),
                  )
                }
              >
                <Icon name="delete" />
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn produce-headers__add"
            onClick={() => set('headers', [...values.headers, { key: '', value: '' }])}
          >
            <Icon name="add" />
            Add header
          </button>
        </div>
      </FormField>
      <SubjectSelect
        id="produce-value-schema"
        label="Value schema"
        error={errors.valueSchema}
        subjects={valueSubjects(subjects)}
        value={values.valueSchema}
        disabled={values.tombstone}
        onChange={(v) => set('valueSchema', v)}
      />
      <FormField id="produce-value-type" label="Value type" error={undefined}>
        <select
          className="select"
          {...fieldProps('produce-value-type', undefined)}
          value={values.valueType}
          disabled={values.tombstone}
          onChange={(event) => set('valueType', event.target.value as ValueType)}
        >
          {VALUE_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="produce-options" label="Options" error={errors.keyValueSeparator}>
        <div className="produce-form__options" id="produce-options">
          <label className="filter-bar__check">
            <input
              type="checkbox"
              className="checkbox"
              checked={values.multiMessage}
              disabled={values.tombstone}
              onChange={(event) => set('multiMessage', event.target.checked)}
            />
            Multi message
          </label>
          {values.multiMessage && (
            <input
              className="input produce-form__separator"
              aria-label="Key value separator"
              aria-invalid={errors.keyValueSeparator !== undefined}
              value={values.keyValueSeparator}
              onChange={(event) => set('keyValueSeparator', event.target.value)}
            />
          )}
          <label className="filter-bar__check">
            <input
              type="checkbox"
              className="checkbox"
              checked={values.tombstone}
              disabled={values.multiMessage}
              onChange={(event) => set('tombstone', event.target.checked)}
            />
            Tombstone (null value)
          </label>
        </div>
      </FormField>
      <FormField id="produce-timestamp" label="Timestamp" error={errors.timestamp}>
        <DateTimePicker
          label="Timestamp"
          value={values.timestamp}
          onChange={(date) => set('timestamp', date)}
        />
      </FormField>
      {!values.multiMessage && (
        <ProduceBatchFields
          valuesError={valuesError}
          copies={values.copies}
          copiesError={errors.copies}
          file={file}
          disabled={values.tombstone}
          onCopies={(copies) => set('copies', copies)}
          onFile={(chosen) => {
            setFile(chosen);
            set('fromFile', chosen !== null);
          }}
        />
      )}
      <ProduceValueField
        values={values}
        error={errors.value}
        fromFile={file !== null && !values.multiMessage}
        onChange={(value) => set('value', value)}
      />
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Produce
        </button>
      </div>
    </form>
  );
}

type SubjectProps = {
  id: string;
  label: string;
  error: string | undefined;
  subjects: string[];
  value: string;
  disabled?: boolean;
  onChange: (subject: string) => void;
};

function SubjectSelect({ id, label, error, subjects, value, disabled, onChange }: SubjectProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <select
        className="select"
        {...fieldProps(id, error)}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose item...</option>
        {subjects.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
      </select>
    </FormField>
  );
}
