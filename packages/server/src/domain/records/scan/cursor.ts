/**
 * The resume cursor `p-o_p-o` (docs/api-conventions.md#cursor): per partition, the last offset read in the
 * scan's direction. OLDEST resumes at offset + 1, NEWEST below the offset. Partitions not in it have not been
 * read yet.
 */
export type Cursor = Map<number, number>;

const PAIR = /^(\d+)-(-?\d+)$/;

/** Parses a cursor; undefined for a malformed one (the query schema has refused it already). */
export function parseCursor(text: string | undefined): Cursor | undefined {
  const cursor: Cursor = new Map();
  if (!text) return cursor;
  for (const pair of text.split('_')) {
    const match = PAIR.exec(pair);
    if (!match) return undefined;
    const partition = Number(match[1]);
    const offset = Number(match[2]);
    if (!Number.isSafeInteger(partition) || !Number.isSafeInteger(offset)) return undefined;
    cursor.set(partition, offset);
  }
  return cursor;
}

/** `0-49_1-12`, partitions ascending; undefined when empty. */
export function formatCursor(cursor: Cursor): string | undefined {
  if (cursor.size === 0) return undefined;
  return [...cursor]
    .sort(([a], [b]) => a - b)
    .map(([p, o]) => `${p}-${o}`)
    .join('_');
}
