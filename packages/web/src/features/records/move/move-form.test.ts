import { describe, expect, it } from 'vitest';
import { emptySource, redriveBody, replayBody } from './move-form';

const target = {
  rule: 'auto' as const,
  header: '',
  topic: '',
  partitioning: 'keep' as const,
  keepErrorHeaders: false,
};

describe('the redrive and replay forms', () => {
  it('sends the range, filter and rate the form holds, and nothing for empty fields', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2026-01-02T00:00:00Z');
    const { body, errors } = redriveBody(
      { ...emptySource(), partitions: '0, 2', from, to, filter: ' value.ok ', rate: '50' },
      target,
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      partitions: [0, 2],
      startTimestamp: '2026-01-01T00:00:00.000Z',
      endTimestamp: '2026-01-02T00:00:00.000Z',
      filter: 'value.ok',
      ratePerSecond: 50,
      target: { rule: 'auto' },
      partitioning: 'keep',
      keepErrorHeaders: false,
    });
    expect(redriveBody(emptySource(), target).body).toEqual({
      target: { rule: 'auto' },
      partitioning: 'keep',
      keepErrorHeaders: false,
    });
  });

  it('names each bad field: partitions, an end before the start, a rate, a missing header or topic', () => {
    const from = new Date('2026-01-02T00:00:00Z');
    const { errors } = redriveBody(
      { ...emptySource(), partitions: '0, x', from, to: new Date('2026-01-01T00:00:00Z'), rate: '-1' },
      { ...target, rule: 'header' },
    );
    expect(Object.keys(errors).sort()).toEqual(['header', 'partitions', 'rate', 'to']);
    expect(replayBody(emptySource(), { toCluster: 'a', toTopic: '', partitioning: 'key' }).errors).toEqual({
      topic: 'Choose the topic',
    });
  });

  it('sends the picked records alone, leaving out the range', () => {
    const selection = [{ partition: 1, offset: 7 }];
    const { body } = replayBody(
      { ...emptySource(selection), partitions: '3', from: new Date() },
      { toCluster: 'a', toTopic: 't', partitioning: 'keep' },
    );
    expect(body).toEqual({ selection, toCluster: 'a', toTopic: 't', partitioning: 'keep' });
  });
});
