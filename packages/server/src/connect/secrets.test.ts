import { MASKED_SECRET } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { isReferenceOnly, maskSecrets, restoreSecrets, secretMatcher } from './secrets.ts';

const isSecret = secretMatcher(new Set(['connection.pwd']));
/** A config provider reference, `${body}` (built so no linter mistakes it for a template). */
const ref = (body: string) => `\${${body}}`;

describe('connector secrets', () => {
  it('masks PASSWORD-typed keys and secret-looking names, nothing else', () => {
    const masked = maskSecrets(
      {
        'connection.pwd': 'hunter2',
        'consumer.override.sasl.jaas.config': 'PlainLoginModule required password="x";',
        'value.converter.basic.auth.user.info': 'u:p',
        'basic.auth.credentials.source': 'USER_INFO',
        'connection.url': 'jdbc:postgresql://db/app',
        'ssl.key.password': '',
      },
      isSecret,
    );
    expect(masked).toEqual({
      'connection.pwd': MASKED_SECRET,
      'consumer.override.sasl.jaas.config': MASKED_SECRET,
      'value.converter.basic.auth.user.info': MASKED_SECRET,
      'basic.auth.credentials.source': 'USER_INFO',
      'connection.url': 'jdbc:postgresql://db/app',
      'ssl.key.password': '',
    });
  });

  it('shows config provider references, which hold no secret, as they are', () => {
    const reference = ref('file:/etc/kafka/secrets.properties:db.password');
    expect(isReferenceOnly(reference)).toBe(true);
    expect(isReferenceOnly(`${ref('env:USER')}:${ref('env:PASS')}`)).toBe(true);
    expect(isReferenceOnly(`literal-${reference}`)).toBe(false);
    expect(isReferenceOnly('plain')).toBe(false);
    expect(maskSecrets({ 'connection.pwd': reference }, isSecret)).toEqual({ 'connection.pwd': reference });
  });

  it('keeps the stored secret where the masked value comes back, and takes retyped ones', () => {
    const stored = { 'connection.pwd': 'hunter2', 'ssl.key.password': 'old', topic: 't' };
    const sent = { 'connection.pwd': MASKED_SECRET, 'ssl.key.password': 'new', topic: 't2' };
    expect(restoreSecrets(sent, stored)).toEqual({
      configs: { 'connection.pwd': 'hunter2', 'ssl.key.password': 'new', topic: 't2' },
      unresolved: [],
    });
  });

  it('stores references exactly as sent and drops keys the edit removed', () => {
    const reference = ref('vault:secret/db:password');
    const { configs } = restoreSecrets({ 'connection.pwd': reference }, { 'connection.pwd': 'x', gone: 'y' });
    expect(configs).toEqual({ 'connection.pwd': reference });
  });

  it('reports a masked value with no stored secret instead of storing the mask', () => {
    expect(restoreSecrets({ 'db.password': MASKED_SECRET }, {})).toEqual({
      configs: {},
      unresolved: [{ field: 'body.configs.db.password', message: expect.stringContaining('masked') }],
    });
  });
});
