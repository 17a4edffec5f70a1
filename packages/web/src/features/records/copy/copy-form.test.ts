import { describe, expect, it } from 'vitest';
import {
  type CopyPartition,
  hasCopyErrors,
  lastMessages,
  offsetsAtTime,
  toCopyBody,
  validateCopy,
} from './copy-form';

const parts: CopyPartition[] = [
  { id: 0, first: 0, last: 10, checked: true, offset: '0' },
  { id: 1, first: 5, last: 8, checked: false, offset: '5' },
];

describe('the copy form', () => {
  it('takes the last x per partition, never before the first offset', () => {
    expect(lastMessages(parts, 3).map((p) => p.offset)).toEqual(['7', '5']);
  });

  it('starts partitions without a record at the time at their end', () => {
    expect(offsetsAtTime(parts, [{ partition: 0, offset: 4 }]).map((p) => p.offset)).toEqual(['4', '8']);
  });

  it('checks offsets of checked partitions only, and needs a target', () => {
    const bad = validateCopy('', [
      { ...parts[0], offset: '11' } as CopyPartition,
      { ...parts[1], offset: 'x' } as CopyPartition,
    ]);
    expect(bad).toEqual({
      toTopic: 'Target topic is required',
      offsets: { 0: 'Offset must be between 0 and 10' },
    });
    expect(hasCopyErrors(validateCopy('t', parts))).toBe(false);
    expect(
      validateCopy(
        't',
        parts.map((p) => ({ ...p, checked: false })),
      ).partitions,
    ).toBe('Check at least one partition');
  });

  it('sends only the checked partitions', () => {
    expect(toCopyBody(parts)).toEqual([{ partition: 0, offset: 0 }]);
  });
});
