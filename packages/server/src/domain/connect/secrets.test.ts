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

describe('secrets by name and inside values', () => {
  const byName = secretMatcher(new Set());

  it('masks token, pwd and key names the plugin does not declare', () => {
    const masked = maskSecrets(
      { 'auth.token': 't0k', 'db.pwd': 'p', 'api.key': 'k', 'aws.access.key.id': 'AKIA', 'tokens.max': '3' },
      byName,
    );
    expect(masked).toEqual({
      'auth.token': MASKED_SECRET,
      'db.pwd': MASKED_SECRET,
      'api.key': MASKED_SECRET,
      'aws.access.key.id': 'AKIA',
      'tokens.max': '3',
    });
  });

  it('masks credentials inside URLs where they stand, whatever the key', () => {
    const configs = {
      'connection.url': 'jdbc:mysql://db:3306/app?user=app&password=s3cr3t&ssl=true',
      'mssql.url': 'jdbc:sqlserver://db;databaseName=app;user=sa;password=Pa55;encrypt=true',
      'http.url': 'https://bob:hunter2@api.example.com/v1',
      'oracle.url': 'jdbc:oracle:thin:scott/tiger@db:1521:orcl',
      'plain.url': 'jdbc:postgresql://db/app',
      'ref.url': `jdbc:mysql://db/app?password=${ref('env:DB_PASSWORD')}`,
    };
    expect(maskSecrets(configs, byName)).toEqual({
      'connection.url': `jdbc:mysql://db:3306/app?user=app&password=${MASKED_SECRET}&ssl=true`,
      'mssql.url': `jdbc:sqlserver://db;databaseName=app;user=sa;password=${MASKED_SECRET};encrypt=true`,
      'http.url': `https://bob:${MASKED_SECRET}@api.example.com/v1`,
      'oracle.url': `jdbc:oracle:thin:scott/${MASKED_SECRET}@db:1521:orcl`,
      'plain.url': 'jdbc:postgresql://db/app',
      'ref.url': `jdbc:mysql://db/app?password=${ref('env:DB_PASSWORD')}`,
    });
  });

  it('keeps the stored URL when its masked form comes back, and refuses an edited one still masked', () => {
    const stored = { 'connection.url': 'jdbc:mysql://db/app?user=app&password=s3cr3t' };
    const shown = maskSecrets(stored, byName);
    expect(restoreSecrets(shown, stored)).toEqual({ configs: stored, unresolved: [] });
    const edited = { 'connection.url': `jdbc:mysql://db2/app?user=app&password=${MASKED_SECRET}` };
    expect(restoreSecrets(edited, stored).unresolved).toEqual([
      { field: 'body.configs.connection.url', message: expect.stringContaining('type the credential') },
    ]);
    const retyped = { 'connection.url': 'jdbc:mysql://db2/app?user=app&password=new' };
    expect(restoreSecrets(retyped, stored).configs).toEqual(retyped);
  });

  it('masks in linear time: long crafted values do not stall', () => {
    const crafted = `//${'a:'.repeat(50_000)}${'$'.repeat(10)}${'${'.repeat(50_000)}password=${'x'.repeat(50_000)}`;
    const started = performance.now();
    maskSecrets({ 'connection.url': crafted, 'db.password': crafted }, byName);
    // A stall detector, not a speed target: a quadratic scan of this value takes seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });
});
