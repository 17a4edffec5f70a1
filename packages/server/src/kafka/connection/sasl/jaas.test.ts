import { describe, expect, it } from 'vitest';
import { parseJaas } from './jaas.ts';

describe('parseJaas', () => {
  it('reads the module and quoted options of a SCRAM line as Java clients write it', () => {
    expect(
      parseJaas(
        'org.apache.kafka.common.security.scram.ScramLoginModule required username="console" password="p@ss word;=";',
      ),
    ).toEqual({
      module: 'org.apache.kafka.common.security.scram.ScramLoginModule',
      options: { username: 'console', password: 'p@ss word;=' },
    });
  });

  it('reads unquoted values, escaped quotes, extensions and line breaks', () => {
    expect(
      parseJaas(`org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required
        clientId=console clientSecret="a\\"b" scope="kafka read" extension_logicalCluster=lkc-1 ;`),
    ).toEqual({
      module: 'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule',
      options: {
        clientId: 'console',
        clientSecret: 'a"b',
        scope: 'kafka read',
        extension_logicalCluster: 'lkc-1',
      },
    });
  });

  it('refuses a line without a flag, an unclosed quote or a key without a value, saying which', () => {
    expect(() => parseJaas('Module username="x";')).toThrow(/'username' is not a JAAS flag/);
    expect(() => parseJaas('Module required password="open;')).toThrow(/quoted value is not closed/);
    expect(() => parseJaas('Module required lonely;')).toThrow(/expected key=value/);
  });
});
