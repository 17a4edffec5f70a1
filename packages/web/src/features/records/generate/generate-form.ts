import type { GenerateBody } from '@console/contract';
import type { ApiError } from '../../../api/errors';

export type GenerateValues = {
  source: 'template' | 'subject';
  subject: string;
  template: string;
  keySubject: string;
  keyTemplate: string;
  amount: 'count' | 'rate';
  count: string;
  ratePerSecond: string;
  durationSeconds: string;
  seed: string;
};
export type GenerateErrors = Partial<Record<keyof GenerateValues, string>>;

/** The template a new form starts with: one of each kind of expression (docs/api-conventions.md#generate). */
export const SAMPLE_TEMPLATE = `{
  "id": "{{faker.string.uuid}}",
  "name": "{{faker.person.fullName}}",
  "email": "{{faker.internet.email}}",
  "age": "{{faker.number.int(90)}}",
  "city": "{{faker.location.city}}",
  "sequence": "{{index}}",
  "createdAt": "{{now}}"
}`;

/** `{topic}-value` preselected as the source when the registry has it; the template otherwise. */
export function initialGenerateValues(topic: string, subjects: readonly string[]): GenerateValues {
  const valueSubject = subjects.includes(`${topic}-value`) ? `${topic}-value` : '';
  return {
    source: valueSubject ? 'subject' : 'template',
    subject: valueSubject,
    template: SAMPLE_TEMPLATE,
    keySubject: '',
    keyTemplate: '',
    amount: 'count',
    count: '100',
    ratePerSecond: '10',
    durationSeconds: '10',
    seed: '',
  };
}

const inRange = (text: string, min: number, max: number, integer: boolean) => {
  const n = Number(text);
  return (
    text.trim() !== '' && Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n))
  );
};

/** What the form says is wrong before anything is sent; empty when it can go. */
export function validateGenerate(values: GenerateValues): GenerateErrors {
  const errors: GenerateErrors = {};
  if (values.source === 'subject' && !values.subject) errors.subject = 'Choose a subject';
  if (values.source === 'template') {
    const problem = jsonProblem(values.template);
    if (problem) errors.template = problem;
  }
  if (values.amount === 'count' && !inRange(values.count, 1, 1_000_000, true)) {
    errors.count = 'A whole number from 1 to 1,000,000';
  }
  if (values.amount === 'rate') {
    if (!inRange(values.ratePerSecond, 0.1, 100_000, false)) errors.ratePerSecond = 'From 0.1 to 100,000';
    if (!inRange(values.durationSeconds, 1, 3_600, true))
      errors.durationSeconds = 'A whole number from 1 to 3,600';
  }
  if (values.seed.trim() !== '' && !Number.isSafeInteger(Number(values.seed))) errors.seed = 'A whole number';
  return errors;
}

function jsonProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Write a template';
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

/** A key template is JSON when it reads as JSON (`{…}`, `[…]`, a number), else the text itself. */
function keyTemplateOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toGenerateBody(values: GenerateValues): GenerateBody {
  const keyTemplate = values.keyTemplate.trim();
  return {
    ...(values.source === 'subject'
      ? { subject: values.subject }
      : { template: JSON.parse(values.template) as unknown }),
    ...(values.keySubject ? { keySubject: values.keySubject } : {}),
    ...(!values.keySubject && keyTemplate ? { keyTemplate: keyTemplateOf(keyTemplate) } : {}),
    ...(values.amount === 'count'
      ? { count: Number(values.count) }
      : { ratePerSecond: Number(values.ratePerSecond), durationSeconds: Number(values.durationSeconds) }),
    ...(values.seed.trim() !== '' ? { seed: Number(values.seed) } : {}),
  };
}

const FIELDS: Record<string, keyof GenerateValues> = {
  'body.template': 'template',
  'body.subject': 'subject',
  'body.keyTemplate': 'keyTemplate',
  'body.keySubject': 'keySubject',
  'body.count': 'count',
  'body.ratePerSecond': 'ratePerSecond',
  'body.durationSeconds': 'durationSeconds',
  'body.seed': 'seed',
};

/** A refusal's field errors on the form's fields; what names no field stays the failure's message. */
export function serverErrors(error: ApiError | null): { fields: GenerateErrors; other: string | undefined } {
  if (!error) return { fields: {}, other: undefined };
  const fields: GenerateErrors = {};
  for (const f of error.details.fields ?? []) {
    const name = FIELDS[f.field];
    if (name) fields[name] ??= f.message;
  }
  return { fields, other: Object.keys(fields).length ? undefined : error.message };
}
