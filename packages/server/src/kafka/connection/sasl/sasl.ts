/**
 * SASL from the properties a Java client has (docs/connecting.md): PLAIN and SCRAM from the JAAS line or
 * `sasl.username`/`sasl.password`; OAUTHBEARER by the client-credentials grant (oauth-token.ts); GSSAPI
 * with a keytab (gssapi.ts); AWS MSK IAM as OAUTHBEARER with AWS's signed token (msk-iam.ts).
 */
import type { SASLOptions } from '@platformatic/kafka';
import { TokenSource } from '../../../platform/credentials/oauth-token.ts';
import { PropertyError } from '../property-error.ts';
import { gssapiSasl } from './gssapi.ts';
import { type Jaas, parseJaas } from './jaas.ts';
import { mskIamSasl } from './msk-iam.ts';

type Props = Readonly<Record<string, string>>;

/** How a SASL connection authenticates, for error messages: `SCRAM-SHA-512 as 'console'`. */
export type SaslIdentity = { mechanism: string; principal?: string | undefined };

export type Sasl = { options: SASLOptions; identity: SaslIdentity };

export function jaasOf(props: Props): Jaas | undefined {
  const text = props['sasl.jaas.config'];
  if (!text?.trim()) return undefined;
  try {
    return parseJaas(text);
  } catch (error) {
    throw new PropertyError('sasl.jaas.config', (error as Error).message);
  }
}

export function saslOptions(props: Props, timeoutMs: number): Sasl {
  const mechanism = (props['sasl.mechanism'] ?? 'PLAIN').toUpperCase();
  const jaas = jaasOf(props);
  if (mechanism === 'PLAIN' || mechanism === 'SCRAM-SHA-256' || mechanism === 'SCRAM-SHA-512') {
    const username = props['sasl.username'] ?? jaas?.options.username;
    const password = props['sasl.password'] ?? jaas?.options.password;
    if (!username || password === undefined) {
      throw new PropertyError(
        'sasl.jaas.config',
        `${mechanism} needs a username and password (in the JAAS line, or sasl.username and sasl.password)`,
      );
    }
    return { options: { mechanism, username, password }, identity: { mechanism, principal: username } };
  }
  const awsHandler = [props['sasl.login.callback.handler.class'], props['sasl.client.callback.handler.class']]
    .filter(Boolean)
    .some((c) => c?.startsWith('software.amazon.msk.auth.iam.'));
  if (mechanism === 'AWS_MSK_IAM' || (mechanism === 'OAUTHBEARER' && awsHandler)) {
    return { options: mskIamSasl(props, jaas), identity: { mechanism: 'AWS_MSK_IAM (OAUTHBEARER)' } };
  }
  if (mechanism === 'OAUTHBEARER') return oauthBearer(props, jaas, timeoutMs);
  if (mechanism === 'GSSAPI') {
    return { options: gssapiSasl(props), identity: { mechanism, principal: jaas?.options.principal } };
  }
  throw new PropertyError('sasl.mechanism', `${mechanism} is not supported`);
}

function oauthBearer(props: Props, jaas: Jaas | undefined, timeoutMs: number): Sasl {
  const tokenUrl = props['sasl.oauthbearer.token.endpoint.url'];
  if (!tokenUrl) {
    throw new PropertyError(
      'sasl.oauthbearer.token.endpoint.url',
      'OAUTHBEARER needs the token endpoint to get tokens from (the client-credentials grant)',
    );
  }
  const options = jaas?.options ?? {};
  const clientId = props['sasl.oauthbearer.client.credentials.client.id'] ?? options.clientId;
  const clientSecret = props['sasl.oauthbearer.client.credentials.client.secret'] ?? options.clientSecret;
  if (!clientId || clientSecret === undefined) {
    throw new PropertyError(
      'sasl.jaas.config',
      'OAUTHBEARER needs clientId and clientSecret (OAuthBearerLoginModule options, or sasl.oauthbearer.client.credentials.*)',
    );
  }
  const source = new TokenSource({
    tokenUrl,
    clientId,
    clientSecret,
    scope: props['sasl.oauthbearer.scope'] ?? options.scope,
    timeoutMs,
  });
  // SASL extensions are the JAAS options named extension_<name> (KIP-342), as Java sends them.
  const extensions = Object.fromEntries(
    Object.entries(options)
      .filter(([key]) => key.startsWith('extension_'))
      .map(([key, value]) => [key.slice('extension_'.length), value]),
  );
  return {
    options: {
      mechanism: 'OAUTHBEARER',
      token: source.token,
      ...(Object.keys(extensions).length ? { oauthBearerExtensions: extensions } : {}),
    },
    identity: { mechanism: 'OAUTHBEARER', principal: clientId },
  };
}
