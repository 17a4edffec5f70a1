/** The first line of a `/query-stream` answer. */
export type QueryHeader = { queryId?: string; columnNames: string[]; columnTypes?: string[] };

/** An error object ksqlDB writes in place of a row when a query fails after it started. */
export type StreamError = { '@type'?: string; error_code?: number; message?: string };

export type DelimitedRead = {
  header?: QueryHeader;
  rows: unknown[][];
  error?: StreamError;
  /** False when reading stopped early: the row cap was reached or `signal` aborted. */
  ended: boolean;
};

/**
 * Reads `application/vnd.ksqlapi.delimited.v1`: one JSON value per line, the header object first, then
 * one JSON array per row. Stops at `maxRows` or when `signal` aborts, keeping what was read.
 */
export async function readDelimited(
  body: AsyncIterable<Buffer | string>,
  maxRows: number,
  signal: AbortSignal,
): Promise<DelimitedRead> {
  const read: DelimitedRead = { rows: [], ended: false };
  let pending = '';
  const take = (line: string): boolean => {
    if (!line.trim()) return true;
    const value: unknown = JSON.parse(line);
    if (Array.isArray(value)) {
      read.rows.push(value);
      return read.rows.length < maxRows;
    }
    const object = value as StreamError & QueryHeader;
    if (!read.header && Array.isArray(object.columnNames)) {
      read.header = object;
      return true;
    }
    if (object['@type']?.endsWith('error') || object.error_code !== undefined) {
      read.error = object;
      return false;
    }
    return true;
  };
  try {
    for await (const chunk of body) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (!take(line)) return read;
    }
    take(pending);
    read.ended = true;
    return read;
  } catch (error) {
    if (signal.aborted) return read;
    throw error;
  }
}
