import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RawRecord } from '../../kafka/fetch/types.ts';
import { ConfigError, parseConfig } from '../../platform/config/load.ts';
import { DecodedRecord } from '../records/decode/decoded-record.ts';
import { toDataRecord } from '../records/view/record-view.ts';
import { HIDDEN_ERROR, maskPart } from './mask-record.ts';
import { MaskedRecord } from './masked-record.ts';
import { MaskingPolicy } from './policy.ts';

const SECRET = 's'.repeat(32);
const minimal = { clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' } } } };
const config = (masking: unknown[], extra: Record<string, unknown> = {}) =>
  parseConfig({ ...minimal, security: { masking, maskingSecret: SECRET, ...extra } });

/** A record of topic `pay.cards` as the given viewer groups see it through the policy. */
function seen(
  masking: unknown[],
  record: { key?: string | Buffer; value?: string | Buffer; headers?: [string, string][] },
  groups: string[] = ['reader'],
): MaskedRecord {
  const { security } = config(masking, { groups: { reader: [], admin: [] } });
  const policy = new MaskingPolicy(security.masking, security.maskingSecret);
  const bytes = (v: string | Buffer | undefined) => (v === undefined ? null : Buffer.from(v));
  const raw: RawRecord = {
    partition: 0,
    offset: 0,
    timestamp: 0,
    key: bytes(record.key),
    value: bytes(record.value),
    headers: (record.headers ?? []).map(([k, v]) => [Buffer.from(k), Buffer.from(v)]),
  };
  const mask = policy.viewer(groups).topic('local', 'pay.cards');
  return new MaskedRecord(
    new DecodedRecord(raw, { topic: 'pay.cards', schemas: undefined, detectSchemas: false }),
    mask,
  );
}

const rule = (mask: string, paths: string[], extra: Record<string, unknown> = {}) => ({
  topics: ['pay\\..*'],
  paths,
  mask,
  unmaskedFor: ['admin'],
  ...extra,
});
const card = JSON.stringify({ card: { number: '4111111111111111', cvc: 123 }, email: 'a@b.c', amount: 5 });
const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

describe('masks', () => {
  it('HIDE leaves the field, the header or the whole part out', () => {
    const view = seen([rule('HIDE', ['value.card.number', 'headers.Authorization', 'key'])], {
      key: 'k1',
      value: card,
      headers: [
        ['authorization', 'Bearer x'],
        ['trace', 't1'],
      ],
    });
    expect(JSON.parse(view.value.text ?? '')).toEqual({ card: { cvc: 123 }, email: 'a@b.c', amount: 5 });
    expect(view.headers).toEqual([{ key: 'trace', value: 't1' }]);
    expect(toDataRecord(view).key).toBeUndefined();
  });

  it('REPLACE puts "****" or the replacement in place, for any JSON type', () => {
    const plain = seen([rule('REPLACE', ['value.card'])], { value: card });
    expect(JSON.parse(plain.value.text ?? '').card).toBe('****');
    const custom = seen([rule('REPLACE', ['value.amount'], { replacement: '[masked]' })], { value: card });
    expect(JSON.parse(custom.value.text ?? '').amount).toBe('[masked]');
  });

  it('KEEP_LAST keeps the last characters behind the replacement, and nothing of a short value', () => {
    const paths = ['value.card.number', 'value.card.cvc', 'value.email'];
    const view = seen([rule('KEEP_LAST', paths, { keep: 4 })], { value: card });
    const value = JSON.parse(view.value.text ?? '');
    expect(value.card).toEqual({ number: '****1111', cvc: '****' });
    expect(value.email).toBe('****@b.c');
  });

  it('HASH is HMAC-SHA256 of the text under maskingSecret: equal values stay equal', () => {
    const view = seen([rule('HASH', ['value.email', 'value.card.cvc', 'key'])], {
      key: 'a@b.c',
      value: card,
    });
    const value = JSON.parse(view.value.text ?? '');
    expect(value.email).toBe(hmac('a@b.c'));
    expect(view.key.text).toBe(value.email);
    expect(value.card.cvc).toBe(hmac('123'));
  });

  it('goes through arrays and leaves JSON without the field as it is', () => {
    const orders = JSON.stringify({ items: [{ email: 'x@y' }, { email: 'z@y' }, { other: 1 }] });
    const view = seen([rule('REPLACE', ['value.items.email'])], { value: orders });
    expect(JSON.parse(view.value.text ?? '')).toEqual({
      items: [{ email: '****' }, { email: '****' }, { other: 1 }],
    });
    const untouched = '{"amount": 12345678901234567890}';
    expect(seen([rule('REPLACE', ['value.email'])], { value: untouched }).value.text).toBe(untouched);
  });

  it('masks whole what a field path cannot look into: text and binary values', () => {
    const text = seen([rule('REPLACE', ['value.email'])], { value: 'email=a@b.c' });
    expect(text.value.text).toBe('****');
    const binary = seen([rule('REPLACE', ['value.email'])], { value: Buffer.from([0xff, 0xfe, 0x00]) });
    expect(toDataRecord(binary)).toMatchObject({ value: '****' });
    expect(toDataRecord(binary).valueBase64).toBeUndefined();
  });

  it('shows the groups of unmaskedFor the clear record, and other topics to everyone', () => {
    const view = seen([rule('REPLACE', ['value'])], { value: card }, ['reader', 'admin']);
    expect(view.value.text).toBe(card);
    const { security } = config([rule('REPLACE', ['value'])], { groups: { admin: [] } });
    const policy = new MaskingPolicy(security.masking, security.maskingSecret);
    expect(policy.viewer([]).topic('local', 'payroll')).toBeUndefined();
    expect(policy.viewer([]).topic('local', 'pay.x')).toBeDefined();
    expect(policy.viewer(['admin']).topic('local', 'pay.x')).toBeUndefined();
  });

  it("hides a decoder's reason, which may quote the bytes, where masks apply", () => {
    const failed = {
      text: '{"email":"a@b.c"',
      schemaId: 3,
      error: 'Unexpected end of JSON: {"email":"a@b.c"',
    };
    const masked = maskPart(failed, [
      {
        whole: false,
        fields: [['email']],
        mask: { kind: 'REPLACE', replacement: '****', apply: () => '****' },
      },
    ]);
    expect(masked).toEqual({ text: '****', schemaId: 3, error: HIDDEN_ERROR });
    expect(maskPart(failed, [])).toBe(failed);
  });
});

describe('security.masking config', () => {
  it.each([
    [[rule('HIDE', ['body.email'])], 'security.masking.0.paths.0: a path is key, value or headers'],
    [[rule('BLUR', ['value'])], 'security.masking.0.mask:'],
    [[rule('REPLACE', ['value'], { keep: 2 })], 'security.masking.0.keep: keep applies to KEEP_LAST only'],
    [[rule('HIDE', ['value'], { replacement: 'x' })], 'security.masking.0.replacement: replacement applies'],
    [[{ ...rule('HIDE', ['value']), topics: ['(['] }], 'security.masking.0.topics.0: not a valid regular'],
    [
      [{ ...rule('HIDE', ['value']), unmaskedFor: ['ghosts'] }],
      "security.masking.0.unmaskedFor.0: no group 'ghosts'",
    ],
    [[{ ...rule('HIDE', ['value']), topic: ['x'] }], 'security.masking.0.topic: unknown key'],
  ])('refuses %j naming the key', (masking, message) => {
    expect(() => config(masking)).toThrow(ConfigError);
    expect(() => config(masking)).toThrow(message);
  });

  it('refuses HASH without maskingSecret', () => {
    const parse = () => parseConfig({ ...minimal, security: { masking: [rule('HASH', ['value'])] } });
    expect(parse).toThrow('security.masking.0.mask: HASH needs security.maskingSecret');
  });
});
