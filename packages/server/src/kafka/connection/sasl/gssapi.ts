/**
 * SASL GSSAPI (Kerberos) from the properties a Java client has: `sasl.kerberos.service.name` (default
 * `kafka`) and a Krb5LoginModule line in `sasl.jaas.config` (useKeyTab=true keyTab="..." principal="...",
 * or useTicketCache=true with an optional ticketCache="..."). The GSS-API is MIT Kerberos through the
 * optional `kerberos` addon, loaded on the first GSSAPI connection, so a server that never uses it starts
 * as before and one where it is not built answers a clear error.
 *
 * The exchange is Kafka's SaslClientAuthenticator with the JDK's GSSAPI client (RFC 4752): the context's
 * tokens go back and forth until it is established, then the broker sends its wrapped security-layer
 * offer and the client answers, wrapped, "no security layer" (Kafka has none over SASL_PLAINTEXT/SSL).
 */

import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AuthenticationError,
  type Connection,
  type SASLOptions,
  type saslAuthenticateV2,
} from '@platformatic/kafka';
import { PropertyError } from '../property-error.ts';
import { kerberosReason, type Login } from './gssapi-errors.ts';
import { parseJaas } from './jaas.ts';

type Props = Readonly<Record<string, string>>;
type Kerberos = typeof import('kerberos');
type Send = (authBytes: Buffer) => Promise<saslAuthenticateV2.SaslAuthenticateResponse>;

const LOGIN_MODULE = 'com.sun.security.auth.module.Krb5LoginModule';
/** RFC 4752 §3.3: the security-layer bit for "none". */
const NO_SECURITY_LAYER = 0x01;

/** How the credentials are found: the keytab (MIT's client keytab) or a ticket cache. */
type Credentials = Login & { env: Record<string, string> };

function credentials(props: Props): Credentials {
  const text = props['sasl.jaas.config'];
  // No JAAS line: the process's own Kerberos setting (KRB5CCNAME, KRB5_CLIENT_KTNAME, krb5.conf).
  if (!text?.trim()) return { env: {} };
  let options: Record<string, string>;
  try {
    const jaas = parseJaas(text);
    if (jaas.module !== LOGIN_MODULE) throw new Error(`GSSAPI takes ${LOGIN_MODULE}, not ${jaas.module}`);
    options = jaas.options;
  } catch (error) {
    throw new PropertyError('sasl.jaas.config', (error as Error).message);
  }
  const principal = options.principal || undefined;
  if (options.useKeyTab !== 'true') {
    return { principal, env: options.ticketCache ? { KRB5CCNAME: options.ticketCache } : {} };
  }
  const keyTab = options.keyTab;
  if (!keyTab || !principal) {
    throw new PropertyError('sasl.jaas.config', 'GSSAPI with useKeyTab=true needs keyTab and principal');
  }
  try {
    accessSync(keyTab, constants.R_OK);
  } catch (error) {
    throw new PropertyError(
      'sasl.jaas.config',
      `the keytab ${keyTab} cannot be read (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  // A credential cache in this process's memory, one per principal and keytab: tickets are kept between
  // connections, are never written to disk, and never mix with another cluster's or the user's own.
  const cache = createHash('sha256').update(`${principal}\0${keyTab}`).digest('hex').slice(0, 16);
  return {
    principal,
    keyTab,
    env: { KRB5_CLIENT_KTNAME: keyTab, KRB5CCNAME: `MEMORY:kafka-console-${cache}` },
  };
}

let addon: Promise<Kerberos> | undefined;
function loadKerberos(): Promise<Kerberos> {
  // Required, not imported: an import() would start Node's ES module loader for this alone (start.ts).
  addon ??= Promise.resolve()
    .then(() => createRequire(import.meta.url)('kerberos') as Kerberos)
    .catch(() => {
      addon = undefined;
      throw new AuthenticationError(
        'GSSAPI needs the optional kerberos addon, which is not built here (it compiles against MIT Kerberos: apt-get install libkrb5-dev, then pnpm rebuild kerberos)',
      );
    });
  return addon;
}

/**
 * MIT Kerberos takes a client keytab and a credential cache from the environment only (the addon calls
 * gss_acquire_cred, which has no place for them), and reads them when the credential is acquired; the
 * credential keeps both afterwards, to renew from. So acquisitions run one at a time, each with its own
 * cluster's values set, and the environment is put back after. (process.env of the main thread is the
 * C environment MIT reads; a worker thread's would not be.)
 */
let acquiring: Promise<unknown> = Promise.resolve();
function withEnvironment<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const result = acquiring.then(async () => {
    const saved = Object.entries(env).map(([key]) => [key, process.env[key]] as const);
    Object.assign(process.env, env);
    try {
      return await run();
    } finally {
      for (const [key, value] of saved) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
  acquiring = result.catch(() => undefined);
  return result;
}

async function exchange(kerberos: Kerberos, service: string, login: Credentials, host: string, send: Send) {
  const fail = (error: unknown): never => {
    if (error instanceof AuthenticationError) throw error;
    throw new AuthenticationError(`Kerberos: ${kerberosReason(error, login)}`);
  };
  // The broker is `<service>/<host>@REALM` for the host this connection is to; krb5.conf decides whether
  // MIT canonicalises that name (dns_canonicalize_hostname, rdns) and which realm it is in.
  const client = await withEnvironment(login.env, async () => {
    const made = await kerberos.initializeClient(`${service}@${host}`, {
      mechOID: kerberos.GSS_MECH_OID_KRB5,
      ...(login.principal ? { principal: login.principal } : {}),
    });
    // The first step gets the service ticket with the credential just acquired.
    return { made, token: await made.step('') };
  }).catch(fail);
  let reply = await send(Buffer.from(client.token ?? '', 'base64'));
  while (!client.made.contextComplete) {
    const token = await client.made.step(reply.authBytes.toString('base64')).catch(fail);
    // An established context may have nothing more to say: RFC 4752 has the client send an empty answer.
    reply = await send(Buffer.from(token ?? '', 'base64'));
  }
  const offer = Buffer.from(
    await client.made.unwrap(reply.authBytes.toString('base64')).catch(fail),
    'base64',
  );
  if (!((offer[0] ?? 0) & NO_SECURITY_LAYER)) {
    throw new AuthenticationError(
      'Kerberos: the broker offers no SASL security layer "none", which is all Kafka uses',
    );
  }
  // The addon's wrap() always writes the answer itself from what it is given: byte 0 becomes "no security
  // layer", bytes 1-3 (the largest message the client takes) are copied, 0 here as the JDK sends; then
  // the authorization id, empty for "the authenticated principal". It reads 8 bytes, hence the length.
  const answer = await client.made.wrap(Buffer.alloc(8).toString('base64'), { user: '' }).catch(fail);
  return send(Buffer.from(answer, 'base64'));
}

/**
 * The broker's SaslAuthenticate refusal as one line, with its own message (it says why); any other
 * failure of the request (the connection closed, a timeout) goes on as it was, for failures.ts to name.
 */
function refused(error: unknown): never {
  type Chained = { apiId?: string; serverErrorMessage?: string | null; errors?: unknown[]; cause?: unknown };
  let e = error as Chained | undefined;
  for (let depth = 0; e && depth < 4 && !e.apiId; depth++) e = (e.errors?.[0] ?? e.cause) as Chained;
  if (!e?.apiId) throw error;
  const said = e.serverErrorMessage ? `: ${e.serverErrorMessage}` : ` (${e.apiId})`;
  throw new AuthenticationError(`Kerberos: the broker refused the authentication${said}`);
}

export function gssapiSasl(props: Props): SASLOptions {
  const service = props['sasl.kerberos.service.name']?.trim() || 'kafka';
  const login = credentials(props);
  return {
    mechanism: 'GSSAPI',
    authenticate: (_mechanism, connection: Connection, authenticate, _user, _password, _token, callback) => {
      const send: Send = (authBytes) => authenticate.async(connection, authBytes).catch(refused);
      loadKerberos()
        .then((kerberos) => exchange(kerberos, service, login, connection.host ?? '', send))
        .then(
          (response) => callback(null, response),
          (error: Error) => callback(error),
        );
    },
  };
}
