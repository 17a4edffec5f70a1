/** The order records are read and shown in: oldest first or newest first. */
export type Sort = 'OLDEST' | 'NEWEST';

/** Per partition, the offset typed in the Offsets form: where reading starts. */
export type StartOffsets = Record<number, number>;

/** The `after` value of the page answer's next-page URI (docs/api-conventions.md#page-of-records). */
export function cursorOfUri(uri: string | undefined): string | undefined {
  if (!uri) return undefined;
  const query = uri.slice(uri.indexOf('?') + 1);
  return new URLSearchParams(query).get('after') ?? undefined;
}

function parsePairs(cursor: string | undefined): [number, number][] {
  if (!cursor) return [];
  return cursor.split('_').flatMap((pair) => {
    const match = /^(\d+)-(-?\d+)$/.exec(pair);
    return match ? [[Number(match[1]), Number(match[2])] as [number, number]] : [];
  });
}

/** Typed start offsets as the address keeps them: `partition-offset` pairs joined by `_`. */
export function startOffsetsText(offsets: StartOffsets): string | undefined {
  const pairs = Object.entries(offsets)
    .map(([partition, offset]) => [Number(partition), offset] as const)
    .sort(([a], [b]) => a - b)
    .map(([partition, offset]) => `${partition}-${offset}`);
  return pairs.length ? pairs.join('_') : undefined;
}

export function parseStartOffsets(text: string | undefined): StartOffsets {
  return Object.fromEntries(parsePairs(text).filter(([, offset]) => offset >= 0));
}

/**
 * The cursor says "last offset read": Oldest goes on at offset + 1, Newest below the offset. So starting
 * at offset o means `p-(o-1)` for Oldest and `p-(o+1)` for Newest.
 */
export function startOffsetsToCursor(offsets: StartOffsets, sort: Sort): string | undefined {
  const step = sort === 'OLDEST' ? -1 : 1;
  return startOffsetsText(
    Object.fromEntries(Object.entries(offsets).map(([partition, offset]) => [partition, offset + step])),
  );
}

type PartitionRange = { id: number; firstOffset: number; lastOffset: number };

/**
 * Whether an Oldest-first page's next cursor has read every selected partition up to its end offset (the
 * offset the next record written will get). The server still gives a cursor there, for records written
 * later (as AKHQ does), but a Next page now would be empty.
 */
export function cursorAtEnd(
  cursor: string,
  partitions: readonly PartitionRange[],
  partition: number | undefined,
): boolean {
  const read = new Map(parsePairs(cursor));
  return partitions
    .filter((p) => partition === undefined || p.id === partition)
    .every((p) => {
      const at = read.get(p.id);
      return (at === undefined ? p.firstOffset : at + 1) >= p.lastOffset;
    });
}
