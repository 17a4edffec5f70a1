/**
 * The secured Kafka broker (tests/stack/secure/) for tests: TLS, mTLS, SASL_SSL (PLAIN, SCRAM) and
 * OAUTHBEARER listeners, an expired-certificate listener, and every certificate and store form.
 * `secureBroker()` reuses the one running in <stackDir>/secure (left by `pnpm stack:up --secure` or by a
 * test file running beside this one) when it answers, else starts it (about 8 s), under the stack lock.
 * Each caller holds a lease (a file naming its process); `stop()` gives it back, and the last one out
 * stops a broker that tests started. One started by `stack:up --secure` runs until `stack:down`.
 */
import { join } from 'node:path';
import { withLock } from '../stack/lock.ts';
import { issuerUrl, jwksUrl } from '../stack/secure/broker-config.ts';
import { type CertFiles, certFiles } from '../stack/secure/certs.ts';
import { type ClientProperties, clientProperties } from '../stack/secure/client-config.ts';
import {
  readSecure,
  type SecureState,
  secureAnswers,
  startSecure,
  stopSecure,
} from '../stack/secure/secure-stack.ts';
import {
  certsDir,
  LISTENERS,
  type ListenerName,
  OAUTH_AUDIENCE,
  OAUTH_CLIENTS,
  OAUTH_SCOPE,
  PASSWORDS,
  secureDir,
  USERS,
} from '../stack/secure/settings.ts';
import { takeLease } from './leases.ts';

export type SecureListener = 'ssl' | 'mtls' | 'saslSsl' | 'oauth' | 'expired' | 'internal';

export interface SecureBroker {
  /**
   * ssl: TLS, no client certificate (User:ANONYMOUS); mtls: client certificate required (User:console);
   * saslSsl: TLS + PLAIN, SCRAM-SHA-256, SCRAM-SHA-512; oauth: SASL_PLAINTEXT + OAUTHBEARER;
   * expired: TLS with a certificate that expired; internal: SASL_PLAINTEXT + PLAIN, for users.admin.
   * All advertise 127.0.0.1: dial `localhost:<port>` for a host name mismatch (the SAN has no DNS name).
   */
  listeners: Record<SecureListener, { bootstrap: string; port: number }>;
  certs: CertFiles;
  passwords: typeof PASSWORDS;
  /** admin (super user), console (ALL), reader (public- topics and groups only), broker (internal). */
  users: typeof USERS;
  /** client_credentials with HTTP Basic or form fields; tokens live an hour. */
  tokenEndpoint: string;
  /** The same endpoint issuing tokens that live `seconds` (re-authentication and expiry tests). */
  tokenEndpointFor: (seconds: number) => string;
  issuer: string;
  jwksUrl: string;
  oauth: { audience: string; scope: string };
  /** User:console's client; `oauthClients.reader` is User:reader. */
  oauthClient: { id: string; secret: string };
  oauthClients: typeof OAUTH_CLIENTS;
  /** The Java client properties of the console's identity on each listener (as in the console configs). */
  clientProperties: Record<ListenerName, ClientProperties>;
  /** console-<listener>.yaml, a console config with a `secure-<listener>` cluster each. */
  consoleConfigs: Record<ListenerName, string>;
  /** Gives back this caller's lease; the last one stops a broker that tests started. */
  stop: () => Promise<void>;
}

const leasesDir = join(secureDir, 'leases');
const log = (line: string) => process.stderr.write(`[secure-broker] ${line}\n`);

function brokerOf(state: SecureState, release: () => Promise<void>): SecureBroker {
  const certs = certFiles(certsDir);
  const listener = (port: number) => ({ bootstrap: `127.0.0.1:${port}`, port });
  const { ports } = state;
  return {
    listeners: {
      ssl: listener(ports.ssl),
      mtls: listener(ports.mtls),
      saslSsl: listener(ports.saslSsl),
      oauth: listener(ports.oauth),
      expired: listener(ports.expired),
      internal: listener(ports.internal),
    },
    certs,
    passwords: PASSWORDS,
    users: USERS,
    tokenEndpoint: `${issuerUrl(ports)}/token`,
    tokenEndpointFor: (seconds) => `${issuerUrl(ports)}/ttl/${Math.round(seconds)}/token`,
    issuer: issuerUrl(ports),
    jwksUrl: jwksUrl(ports),
    oauth: { audience: OAUTH_AUDIENCE, scope: OAUTH_SCOPE },
    oauthClient: OAUTH_CLIENTS.console,
    oauthClients: OAUTH_CLIENTS,
    clientProperties: Object.fromEntries(
      LISTENERS.map((name) => [name, clientProperties(name, ports, certs)]),
    ) as Record<ListenerName, ClientProperties>,
    consoleConfigs: Object.fromEntries(
      LISTENERS.map((name) => [name, join(secureDir, `console-${name}.yaml`)]),
    ) as Record<ListenerName, string>,
    stop: release,
  };
}

export async function secureBroker(): Promise<SecureBroker> {
  return withLock(log, async () => {
    const running = readSecure();
    const state = running && (await secureAnswers(running)) ? running : await startSecure(log, 'tests');
    // Thrown away with its data: no controlled shutdown to wait for.
    const release = takeLease(
      leasesDir,
      state,
      readSecure,
      (run) => withLock(log, run),
      () => stopSecure(log, 0),
    );
    return brokerOf(state, release);
  });
}
