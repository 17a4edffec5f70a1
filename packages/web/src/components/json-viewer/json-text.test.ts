import { describe, expect, it } from 'vitest';
import { jsonTokens, prettyJson } from './json-text';

describe('the JSON viewer text', () => {
  it('indents JSON and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(prettyJson('not json')).toEqual({ text: 'not json', json: false });
  });

  it('colours keys, strings, numbers and literals, keeping every character', () => {
    const text = prettyJson('{"id":-1.5e3,"ok":true,"n":null,"s":"x\\"y"}').text;
    const tokens = jsonTokens(text);
    expect(tokens.map((t) => t.text).join('')).toBe(text);
    expect(tokens.filter((t) => t.kind === 'key').map((t) => t.text)).toEqual(['"id"', '"ok"', '"n"', '"s"']);
    expect(tokens.find((t) => t.kind === 'number')?.text).toBe('-1500');
    expect(tokens.filter((t) => t.kind === 'literal').map((t) => t.text)).toEqual(['true', 'null']);
    expect(tokens.find((t) => t.kind === 'string')?.text).toBe('"x\\"y"');
  });
});
