import { describe, expect, it } from 'vitest';
import { highlightTerms, matchRanges } from './highlight';
import { partBytes, showAs } from './view-as';

describe('record viewer modes', () => {
  it('shows text as its UTF-8 bytes in hex and base64', () => {
    expect(showAs('hé', false, 'hex').text).toBe('68 c3 a9');
    expect(showAs('hé', false, 'base64').text).toBe('aMOp');
  });

  it('shows a binary part (base64 from the server) as its own bytes', () => {
    expect(showAs('/wA=', true, 'hex').text).toBe('ff 00');
    expect(showAs('/wA=', true, 'base64').text).toBe('/wA=');
    expect(showAs('/wA=', true, 'text')).toEqual({ text: '/wA=', note: 'Binary: shown as base64' });
  });

  it('pretty-prints JSON and says when the text is not JSON', () => {
    expect(showAs('{"a":1}', false, 'json').text).toBe('{\n  "a": 1\n}');
    expect(showAs('{a', false, 'json')).toEqual({ text: '{a', note: 'Not JSON: shown as text' });
  });

  it('decodes only the whole groups of a base64 cut short', () => {
    expect([...partBytes('/wA=AQ', true)]).toEqual([255, 0]);
  });
});

describe('search highlight', () => {
  it('splits terms as the server does and marks them ignoring case', () => {
    expect(highlightTerms({ text: 'Foo "two words" \\"q', type: 'C' })).toEqual(['foo', 'two words', '"q']);
    expect(highlightTerms({ text: 'foo', type: 'N' })).toEqual([]);
    expect(matchRanges('a FOO b foo', ['foo'])).toEqual([
      [2, 5],
      [8, 11],
    ]);
  });

  it('merges overlapping matches and treats terms as plain text', () => {
    expect(matchRanges('abcd', ['abc', 'bcd'])).toEqual([[0, 4]]);
    expect(matchRanges('a.*b a.*b', ['.*'])).toEqual([
      [1, 3],
      [6, 8],
    ]);
  });
});
