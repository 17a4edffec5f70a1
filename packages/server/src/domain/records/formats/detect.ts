import type { RecordFormat, RecordFormats } from '@console/contract';

/** What a decoded part's format says before JSON is told apart from text (that costs a parse). */
type Part = { text: string | null; format?: RecordFormat };

/**
 * The formats shown on a record. Text is JSON when it parses as an object or an array: a lone number
 * or word is text that happens to be JSON too. Only shown records pay for the parse, never a scan.
 */
export function formatsOf(key: Part, value: Part): RecordFormats {
  const k = formatOf(key);
  const v = formatOf(value);
  return { ...(k ? { key: k } : {}), ...(v ? { value: v } : {}) };
}

export function formatOf(part: Part): RecordFormat | undefined {
  if (part.text === null || part.format === undefined) return undefined;
  return part.format === 'TEXT' && isJsonText(part.text) ? 'JSON' : part.format;
}

export function isJsonText(text: string): boolean {
  const first = text.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
