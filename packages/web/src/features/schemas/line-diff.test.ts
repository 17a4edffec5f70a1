import { describe, expect, it } from 'vitest';
import { lineDiff, schemaLines } from './line-diff';

describe('lineDiff', () => {
  it('keeps common lines side by side and pairs a replaced line as changed', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', left: 'a', right: 'a', leftNo: 1, rightNo: 1 },
      { kind: 'changed', left: 'b', right: 'B', leftNo: 2, rightNo: 2 },
      { kind: 'same', left: 'c', right: 'c', leftNo: 3, rightNo: 3 },
      { kind: 'added', right: 'd', rightNo: 4 },
    ]);
  });

  it('shows a removed line only on the left', () => {
    expect(lineDiff('x\ny\nz', 'x\nz')).toEqual([
      { kind: 'same', left: 'x', right: 'x', leftNo: 1, rightNo: 1 },
      { kind: 'removed', left: 'y', leftNo: 2 },
      { kind: 'same', left: 'z', right: 'z', leftNo: 3, rightNo: 2 },
    ]);
  });

  it('pretty-prints JSON schemas so that a new field is one block of added lines', () => {
    const v1 = '{"type":"record","name":"O","fields":[{"name":"id","type":"string"}]}';
    const v2 =
      '{"type":"record","name":"O","fields":[{"name":"id","type":"string"},{"name":"n","type":"int"}]}';
    const rows = lineDiff(schemaLines(v1), schemaLines(v2));
    expect(rows.filter((r) => r.kind !== 'same').map((r) => r.kind)).toEqual([
      'added',
      'added',
      'added',
      'added',
    ]);
    expect(schemaLines('syntax = "proto3";')).toBe('syntax = "proto3";');
  });
});
