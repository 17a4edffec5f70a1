import type { DataRecord } from '@console/contract';
import { describe, expect, it } from 'vitest';
import type { SseMessage } from '../../../api/sse/sse';
import { addChunk, emptySearch, type SearchChunk, searchChunks } from './search-stream';

async function* from(messages: SseMessage[]) {
  yield* messages;
}

async function collect(messages: SseMessage[]): Promise<SearchChunk[]> {
  const chunks: SearchChunk[] = [];
  for await (const chunk of searchChunks(from(messages))) chunks.push(chunk);
  return chunks;
}

const record = (offset: number, timestamp: string): DataRecord => ({
  topic: { name: 'orders' },
  partition: 0,
  offset,
  timestamp,
  headers: [],
  truncated: false,
  exceptions: [],
});
const scanned = { records: 10, bytes: 100, ms: 5 };

describe('search progress', () => {
  it('shows bare progress only on steps of 0.5 or more, matches and the end always', async () => {
    const chunks = await collect([
      { event: 'searchBody', data: { percent: 0.2, after: '0-1' } },
      { event: 'searchBody', data: { percent: 0.6, after: '0-3' } },
      {
        event: 'searchBody',
        data: { percent: 0.9, after: '0-4', records: [record(4, '2024-01-01T00:00:00.000Z')] },
      },
      { event: 'searchBody', data: { percent: 1.3, after: '0-5' } },
      { event: 'searchEnd', data: { percent: 100, after: '0-9', reason: 'end', scanned } },
    ]);
    expect(chunks.map((c) => c.percent)).toEqual([0.6, 0.9, 100]);
    expect(chunks[1]?.records).toHaveLength(1);
    expect(chunks[2]?.end?.reason).toBe('end');
    expect(chunks[2]?.after).toBe('0-9');
  });

  it('fails a stream cut before its end', async () => {
    await expect(collect([{ event: 'searchBody', data: { percent: 3 } }])).rejects.toThrow('ended early');
  });

  it('keeps the matches in timestamp order for the sort', () => {
    const newest = addChunk('NEWEST');
    let state = newest(emptySearch, { records: [record(1, '2024-01-01T00:00:01.000Z')], percent: 5 });
    state = newest(state, { records: [record(2, '2024-01-01T00:00:03.000Z')], percent: 9, after: '0-2' });
    expect(state.records.map((r) => r.offset)).toEqual([2, 1]);
    expect(state.after).toBe('0-2');
    const oldest = addChunk('OLDEST')(state, { records: [], percent: 10 });
    expect(oldest.records).toBe(state.records);
  });
});
