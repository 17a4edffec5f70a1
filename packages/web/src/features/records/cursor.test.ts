import { describe, expect, it } from 'vitest';
import {
  cursorAtEnd,
  cursorOfUri,
  parseStartOffsets,
  startOffsetsText,
  startOffsetsToCursor,
} from './cursor';

describe('record cursors', () => {
  it('takes the cursor out of the next-page URI', () => {
    expect(cursorOfUri('/api/local/topic/t/data?after=0-49_1-12&partition=All&sort=OLDEST')).toBe(
      '0-49_1-12',
    );
    expect(cursorOfUri('/api/local/topic/t/data?sort=OLDEST')).toBeUndefined();
    expect(cursorOfUri(undefined)).toBeUndefined();
  });

  it('turns start offsets into a cursor that resumes exactly there, both ways', () => {
    expect(startOffsetsToCursor({ 1: 5, 0: 0 }, 'OLDEST')).toBe('0--1_1-4');
    expect(startOffsetsToCursor({ 2: 10 }, 'NEWEST')).toBe('2-11');
    expect(startOffsetsToCursor({}, 'OLDEST')).toBeUndefined();
  });

  it('writes typed start offsets for the address and reads them back', () => {
    expect(startOffsetsText({ 2: 10, 0: 0 })).toBe('0-0_2-10');
    expect(startOffsetsText({})).toBeUndefined();
    expect(parseStartOffsets('0-0_2-10')).toEqual({ 0: 0, 2: 10 });
    expect(parseStartOffsets('0--1_1-4')).toEqual({ 1: 4 });
    expect(parseStartOffsets(undefined)).toEqual({});
  });

  it('knows when an Oldest-first cursor has read every selected partition to its end offset', () => {
    const partitions = [
      { id: 0, firstOffset: 0, lastOffset: 60 },
      { id: 1, firstOffset: 0, lastOffset: 5 },
      { id: 2, firstOffset: 7, lastOffset: 7 },
    ];
    expect(cursorAtEnd('0-59_1-4', partitions, undefined)).toBe(true);
    expect(cursorAtEnd('0-49_1-4', partitions, undefined)).toBe(false);
    // A partition the cursor has not read yet still holds records, unless it is empty.
    expect(cursorAtEnd('0-59', partitions, undefined)).toBe(false);
    expect(cursorAtEnd('0-59', partitions, 0)).toBe(true);
    expect(cursorAtEnd('1-4', partitions, 1)).toBe(true);
    expect(cursorAtEnd('1-3', partitions, 1)).toBe(false);
  });
});
