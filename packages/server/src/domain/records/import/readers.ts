import { Readable } from 'node:stream';
import { CSV_COLUMNS } from '../download.ts';

/** One record of an imported file, with the line it starts on, or why that line cannot be read. */
export type RawRow = { line: number; fields: Record<string, unknown> } | { line: number; error: string };

/** Text past which one record is refused rather than held (a record's JSON, one line, one CSV row). */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;

const tooBig = `longer than ${MAX_RECORD_CHARS} characters`;

function fieldsOf(line: number, text: string): RawRow {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { line, error: `not JSON (${(error as Error).message})` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { line, error: 'a record is a JSON object ({"key": …, "value": …})' };
  }
  return { line, fields: parsed as Record<string, unknown> };
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The elements of a JSON array (the console's download), one at a time, each with the line it starts on:
 * the array is split by tracking strings and nesting, so only one element is ever held. A file that is
 * not an array, or ends inside it, answers one error and stops.
 */
export async function* jsonArrayRows(chunks: AsyncIterable<string>): AsyncGenerator<RawRow> {
  let state = 'before' as 'before' | 'between' | 'element' | 'after';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let start = 1;
  let parts: string[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) line++;
      if (state !== 'element') {
        if (isSpace(c)) continue;
        if (state === 'before') {
          if (c === 91) {
            state = 'between';
            continue;
          }
          yield {
            line,
            error: 'a JSON file is an array of records; one record a line is application/x-ndjson',
          };
          return;
        }
        if (state === 'after') {
          yield { line, error: 'text after the array' };
          return;
        }
        if (c === 93) {
          state = 'after';
          continue;
        }
        state = 'element';
        start = line;
        from = i;
        parts = [];
        size = 0;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 || c === 91) depth++;
      else if ((c === 125 || c === 93) && depth > 0) depth--;
      else if ((c === 44 || c === 93) && depth === 0) {
        size += i - from;
        if (size > MAX_RECORD_CHARS) yield { line: start, error: tooBig };
        else {
          parts.push(chunk.slice(from, i));
          yield fieldsOf(start, parts.join(''));
        }
        parts = [];
        state = c === 93 ? 'after' : 'between';
      }
    }
    if (state === 'element') {
      size += chunk.length - from;
      if (size <= MAX_RECORD_CHARS) parts.push(chunk.slice(from));
      else parts = [];
    }
  }
  if (state !== 'after') yield { line, error: 'the file ends inside the array: is it complete?' };
}

/** The lines of the text, numbered from 1, without their end (`\n` or `\r\n`); over-long ones refused. */
async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; text?: string }> {
  let line = 1;
  let parts: string[] = [];
  let size = 0;
  const take = () => {
    const text = parts.join('');
    parts = [];
    size = 0;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', from)) {
      size += at - from;
      if (size <= MAX_RECORD_CHARS) parts.push(chunk.slice(from, at));
      const over = size > MAX_RECORD_CHARS;
      const text = take();
      yield over ? { line } : { line, text };
      line++;
      from = at + 1;
    }
    size += chunk.length - from;
    if (size <= MAX_RECORD_CHARS) parts.push(chunk.slice(from));
  }
  if (size > MAX_RECORD_CHARS) yield { line };
  else if (parts.length) yield { line, text: take() };
}

/** JSON lines: one record object a line; blank lines are passed over. */
export async function* ndjsonRows(chunks: AsyncIterable<string>): AsyncGenerator<RawRow> {
  for await (const { line, text } of lines(chunks)) {
    if (text === undefined) yield { line, error: tooBig };
    else if (text.trim() !== '') yield fieldsOf(line, text);
  }
}

/**
 * CSV with a header line naming its columns (any of CSV_COLUMNS, in any order; RFC 4180 quoting, so a
 * value may hold commas and line breaks). Empty cells are absent values. A row csv-parse refuses is an
 * error on its line and the reading goes on; an unknown column stops it at line 1.
 */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<RawRow> {
  // Loaded by the first CSV import, not at start: most consoles never import one.
  const { parse: parseCsv } = await import('csv-parse');
  const skipped: RawRow[] = [];
  let header: string[] | undefined;
  const parser = Readable.from(chunks).pipe(
    parseCsv({
      bom: true,
      info: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARS,
      skip_records_with_error: true,
      on_skip: (error) => {
        skipped.push({
          line: (error as { lines?: number } | undefined)?.lines ?? 0,
          error: String(error?.message),
        });
        return undefined;
      },
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield* skipped.splice(0);
    if (!header) {
      header = record.map((name) => name.trim());
      const unknown = header.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
      if (unknown.length) {
        yield {
          line: info.lines,
          error: `unknown column ${unknown.join(', ')}; known: ${CSV_COLUMNS.join(', ')}`,
        };
        parser.destroy();
        return;
      }
      continue;
    }
    const fields: Record<string, unknown> = {};
    header.forEach((name, i) => {
      const cell = record[i];
      if (cell !== undefined && cell !== '') fields[name] = cell;
    });
    yield { line: info.lines, fields };
  }
  yield* skipped.splice(0);
}
