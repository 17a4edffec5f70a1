import { describe, expect, it } from 'vitest';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64';

describe('decodeBase64Utf8', () => {
  it('decodes principals, including non-ASCII ones', () => {
    expect(decodeBase64Utf8(btoa('User:alice'))).toBe('User:alice');
    expect(decodeBase64Utf8('VXNlcjrDqWxvZGll')).toBe('User:élodie');
  });

  it('returns null for malformed input', () => {
    expect(decodeBase64Utf8('%%%')).toBeNull();
    expect(decodeBase64Utf8('/w==')).toBeNull();
  });
});

describe('encodeBase64Utf8', () => {
  it('round-trips with decodeBase64Utf8', () => {
    expect(encodeBase64Utf8('User:alice')).toBe(btoa('User:alice'));
    expect(encodeBase64Utf8('User:élodie')).toBe('VXNlcjrDqWxvZGll');
  });
});
