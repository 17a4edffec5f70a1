import { createHmac, createSecretKey } from 'node:crypto';
import type { MaskingRuleConfig } from '../../platform/config/masking.ts';

/**
 * One rule's mask: what it makes of a text (another text, or `undefined` when the text is left out:
 * HIDE), and what the search screen (screen.ts) needs to know of the texts it can write.
 */
export type Mask = {
  kind: MaskingRuleConfig['mask'];
  /** The text REPLACE writes, and KEEP_LAST before the kept characters. */
  replacement: string;
  apply: (text: string) => string | undefined;
};

const DEFAULT_REPLACEMENT = '****';
const DEFAULT_KEEP = 4;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * The four masks (docs/masking.md). KEEP_LAST puts `replacement` before the kept characters, so the
 * length of the value is not shown; a value no longer than `keep` shows only `replacement`, since
 * keeping it all would show it clear. HASH is HMAC-SHA256 under `security.maskingSecret`, in hex: equal
 * values stay equal, and nobody without the secret can test a guess against it.
 */
export function maskOf(rule: MaskingRuleConfig, secret: string | undefined): Mask {
  const replacement = rule.replacement ?? DEFAULT_REPLACEMENT;
  const mask = (apply: Mask['apply']): Mask => ({ kind: rule.mask, replacement, apply });
  switch (rule.mask) {
    case 'HIDE':
      return mask(() => undefined);
    case 'REPLACE':
      return mask(() => replacement);
    case 'KEEP_LAST': {
      const keep = rule.keep ?? DEFAULT_KEEP;
      return mask((text) => {
        if (keep === 0 || text.length <= keep) return replacement;
        // Code points, not UTF-16 units: a kept surrogate pair stays whole. Without surrogates in
        // sight, the last keep units are the last keep code points.
        const tail = text.slice(-keep - 1);
        if (!SURROGATE.test(tail)) return replacement + tail.slice(1);
        const chars = Array.from(text);
        return chars.length > keep ? replacement + chars.slice(-keep).join('') : replacement;
      });
    }
    case 'HASH': {
      if (secret === undefined) throw new Error('HASH masks need security.maskingSecret');
      const key = createSecretKey(Buffer.from(secret, 'utf8'));
      return mask((text) => createHmac('sha256', key).update(text, 'utf8').digest('hex'));
    }
  }
}
