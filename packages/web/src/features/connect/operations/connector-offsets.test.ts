import { describe, expect, it } from 'vitest';
import { parseOffsets, sinkRows } from './connector-offsets';

describe('the offsets editor', () => {
  it('takes a list of partition and offset objects, null resetting a partition', () => {
    const text =
      '[{"partition":{"filename":"/a"},"offset":{"position":4}},{"partition":{"filename":"/b"},"offset":null}]';
    expect(parseOffsets(text)).toEqual({
      offsets: [
        { partition: { filename: '/a' }, offset: { position: 4 } },
        { partition: { filename: '/b' }, offset: null },
      ],
    });
  });

  it('says which entry is wrong', () => {
    expect(parseOffsets('{')).toMatchObject({ error: expect.stringMatching(/^Not JSON/) });
    expect(parseOffsets('[]')).toMatchObject({ error: expect.stringMatching(/non-empty/) });
    expect(parseOffsets('[{"partition":{"f":1},"offset":3}]')).toEqual({
      error: 'Entry 1: "offset" must be an object, or null to reset the partition',
    });
  });

  it("shows a sink's offsets as topic, partition and offset", () => {
    expect(
      sinkRows([{ partition: { kafka_topic: 't', kafka_partition: 2 }, offset: { kafka_offset: 7 } }]),
    ).toEqual([{ topic: 't', partition: 2, offset: 7 }]);
  });
});
