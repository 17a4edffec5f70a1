import type { ProduceBody } from '@console/contract';

/** The most records one "produce N copies" or one file sends: the UI says so. */
export const MAX_BATCH = 1000;
/** The largest file read for "produce from a file". */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
export const COUNTER = '{{i}}';

/** `{{i}}` replaced by the record's number, 1 to N: a literal replace, nothing else is interpreted. */
export const withCounter = (text: string, i: number) => text.split(COUNTER).join(String(i));

/** How many copies the field asks for, or why it cannot be used. */
export function copiesOf(text: string): { copies: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: 'Copies must be a whole number' };
  const copies = Number(trimmed);
  if (copies < 1 || copies > MAX_BATCH) return { error: `Copies must be between 1 and ${MAX_BATCH}` };
  return { copies };
}

/**
 * The values of a file: a JSON array (each string as it is, anything else as its JSON), else one value
 * per non-empty line. At most MAX_BATCH values.
 */
export function valuesOfFile(text: string): { values: string[] } | { error: string } {
  let values: string[];
  if (text.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { error: `The file starts with [ but is not a JSON array: ${(error as Error).message}` };
    }
    if (!Array.isArray(parsed)) return { error: 'The file is not a JSON array' };
    values = parsed.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  } else {
    values = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  }
  if (values.length === 0) return { error: 'The file holds no records' };
  if (values.length > MAX_BATCH)
    return { error: `The file holds ${values.length} records; at most ${MAX_BATCH} are produced at once` };
  return { values };
}

/**
 * The bodies to send: one per copy (`{{i}}` counted in key and value) or one per file value (the key's
 * `{{i}}` counted), each otherwise the form's body.
 */
/** `{{i}}` counted in a key or value that is there; null and absent stay so. */
const counted = <T extends string | null | undefined>(text: T, i: number): T =>
  (typeof text === 'string' ? withCounter(text, i) : text) as T;

export function batchBodies(
  base: ProduceBody,
  copies: number,
  fileValues?: readonly string[],
): ProduceBody[] {
  if (fileValues)
    return fileValues.map((value, index) => ({ ...base, key: counted(base.key, index + 1), value }));
  return Array.from({ length: copies }, (_, index) => ({
    ...base,
    key: counted(base.key, index + 1),
    value: counted(base.value, index + 1),
  }));
}
