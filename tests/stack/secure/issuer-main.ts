// The token issuer as a stand-alone process (it outlives the CLI or test that started it, like the
// ksqlDB fake): node tests/stack/secure/issuer-main.ts --port N [--token-seconds S]
import { parseArgs } from 'node:util';
import { DEFAULT_TOKEN_SECONDS, OAUTH_AUDIENCE, OAUTH_CLIENTS, OAUTH_SCOPE } from './settings.ts';
import { startTokenIssuer } from './token-issuer.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'token-seconds': { type: 'string', default: String(DEFAULT_TOKEN_SECONDS) },
  },
});

const issuer = await startTokenIssuer({
  port: Number(values.port),
  audience: OAUTH_AUDIENCE,
  scope: OAUTH_SCOPE,
  clients: Object.values(OAUTH_CLIENTS),
  tokenSeconds: Number(values['token-seconds']),
});
console.log(`token issuer ${issuer.issuer}: token ${issuer.tokenEndpoint}, JWKS ${issuer.jwksUrl}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`token issuer stopping on ${signal}`);
    issuer.close().then(() => process.exit(0));
  });
}
