import { createHmac, createSecretKey } from 'node:crypto';
import type { MaskingRuleConfig } from './config.ts';

/** What a mask makes of a text: another text, or `undefined` when the text is left out (HIDE). */
export type MaskText = (text: string) => string | undefined;

const DEFAULT_REPLACEMENT = '****';
const DEFAULT_KEEP = 4;

/**
 * The four masks (docs/masking.md). KEEP_LAST puts `replacement` before the kept characters, so the
 * length of the value is not shown; a value no longer than `keep` shows only `replacement`, since
 * keeping it all would show it clear. HASH is HMAC-SHA256 under `security.maskingSecret`, in hex: equal
 * values stay equal, and nobody without the secret can test a guess against it.
 */
export function maskText(rule: MaskingRuleConfig, secret: string | undefined): MaskText {
  const replacement = rule.replacement ?? DEFAULT_REPLACEMENT;
  switch (rule.mask) {
    case 'HIDE':
      return () => undefined;
    case 'REPLACE':
      return () => replacement;
    case 'KEEP_LAST': {
      const keep = rule.keep ?? DEFAULT_KEEP;
      return (text) => {
        const chars = Array.from(text);
        return chars.length > keep && keep > 0 ? replacement + chars.slice(-keep).join('') : replacement;
      };
    }
    case 'HASH': {
      if (secret === undefined) throw new Error('HASH masks need security.maskingSecret');
      const key = createSecretKey(Buffer.from(secret, 'utf8'));
      return (text) => createHmac('sha256', key).update(text, 'utf8').digest('hex');
    }
  }
}
