import type { ProduceBody } from '@console/contract';
import { z } from 'zod';
import { formatOffsetIso } from '../../../components/date-time-picker/date-format';
import { copiesOf } from './produce-batch';

export type HeaderRow = { key: string; value: string };

export type ProduceValues = {
  partition: string;
  keySchema: string;
  key: string;
  headers: HeaderRow[];
  valueSchema: string;
  /** The value is string or json; json is checked to parse (one value per line with multi message). */
  valueType: ValueType;
  value: string;
  timestamp: Date;
  multiMessage: boolean;
  keyValueSeparator: string;
  tombstone: boolean;
  /** How many copies to produce, `{{i}}` counting them in key and value. */
  copies: string;
  /** The values come from a file: the value field is not checked. */
  fromFile: boolean;
};
export type ProduceField = keyof ProduceValues;
export const VALUE_TYPES = ['string', 'json'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/**
 * docs/behaviour.md#produce-and-copy; multi message needs the separator on every line, the server's rule too.
 */
export const ProduceForm = z
  .object({
    partition: z.string(),
    keySchema: z.string(),
    key: z.string(),
    headers: z.array(
      z.object({
        key: z.string().min(1, 'Header key is required'),
        value: z.string().min(1, 'Header value is required'),
      }),
    ),
    valueSchema: z.string(),
    valueType: z.enum(VALUE_TYPES),
    value: z.string(),
    timestamp: z.date({ error: 'Timestamp is required' }),
    multiMessage: z.boolean(),
    keyValueSeparator: z.string(),
    tombstone: z.boolean(),
    copies: z.string(),
    fromFile: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const copies = copiesOf(form.copies);
    if ('error' in copies) ctx.addIssue({ code: 'custom', path: ['copies'], message: copies.error });
    if (form.valueType === 'json' && !form.tombstone && !(form.fromFile && !form.multiMessage)) {
      const bad = jsonProblem(form);
      if (bad) ctx.addIssue({ code: 'custom', path: ['value'], message: bad });
    }
    if (!form.multiMessage) return;
    if (form.keyValueSeparator.length < 1) {
      ctx.addIssue({ code: 'custom', path: ['keyValueSeparator'], message: 'Separator is required' });
      return;
    }
    const lines = form.value.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
    if (lines.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Value needs one key, separator and value per line',
      });
    }
    const bad = lines.findIndex((line) => !line.includes(form.keyValueSeparator));
    if (bad >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Line ${bad + 1} has no separator '${form.keyValueSeparator}'`,
      });
    }
  });

/** Why a json value does not parse: the value, or with multi message the value part of a line. */
function jsonProblem(form: { value: string; multiMessage: boolean; keyValueSeparator: string }) {
  const parses = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  if (!form.multiMessage) return parses(form.value) ? undefined : 'Value is not valid JSON';
  const lines = form.value.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  const bad = lines.findIndex((line) => {
    const at = line.indexOf(form.keyValueSeparator);
    return at >= 0 && !parses(line.slice(at + form.keyValueSeparator.length));
  });
  return bad >= 0 ? `Line ${bad + 1}: the value is not valid JSON` : undefined;
}

export function initialProduceValues(topic: string, subjects: readonly string[]): ProduceValues {
  return {
    partition: '',
    keySchema: keySubjects(subjects).includes(`${topic}-key`) ? `${topic}-key` : '',
    key: '',
    headers: [],
    valueSchema: valueSubjects(subjects).includes(`${topic}-value`) ? `${topic}-value` : '',
    valueType: 'string',
    value: '',
    timestamp: new Date(),
    multiMessage: false,
    keyValueSeparator: ':',
    tombstone: false,
    copies: '1',
    fromFile: false,
  };
}

/**
 * The key list leaves out value subjects, the value list key subjects (docs/behaviour.md#produce-and-copy).
 */
export const keySubjects = (subjects: readonly string[]) => subjects.filter((s) => !s.includes('-value'));
export const valueSubjects = (subjects: readonly string[]) => subjects.filter((s) => !s.includes('-key'));

/**
 * The produce body (docs/api-conventions.md#produce). A tombstone sends a null value; multi message sends no
 * key.
 */
export function toProduceBody(form: ProduceValues): ProduceBody {
  return {
    partition: form.partition === '' ? null : Number(form.partition),
    key: form.multiMessage ? null : form.key,
    value: form.tombstone ? null : form.value,
    timestamp: formatOffsetIso(form.timestamp),
    headers: form.headers,
    keySchema: form.keySchema || null,
    valueSchema: form.tombstone ? null : form.valueSchema || null,
    multiMessage: form.multiMessage,
    keyValueSeparator: form.multiMessage ? form.keyValueSeparator : null,
  };
}

/** A 400's fields (`body.value`, `body.headers.0.key`) mapped onto the form's fields. */
export function serverFieldErrors(
  fields: readonly { field: string; message: string }[] | undefined,
): Partial<Record<ProduceField, string>> {
  const errors: Partial<Record<ProduceField, string>> = {};
  const known = new Set<string>(Object.keys(initialProduceValues('', [])));
  for (const { field, message } of fields ?? []) {
    const name = field.replace(/^body\./, '').split('.')[0] ?? '';
    if (known.has(name) && !(name in errors)) errors[name as ProduceField] = message;
  }
  return errors;
}
