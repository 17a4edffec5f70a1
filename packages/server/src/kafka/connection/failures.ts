/**
 * Why a cluster cannot be reached, in one line an operator can act on: the client library's
 * error chain (AggregateError `errors`, `cause`) is searched for the first thing that names a reason:
 * DNS, refused, TLS, a listener of another protocol, SASL authentication, a timeout. Each has its own
 * code (docs/connecting.md lists them with what to check). Nothing secret is in any message.
 */
import type { ErrorCode } from '@console/contract';
import { TokenError } from '../../platform/credentials/oauth-token.ts';
import { type ChainedError, errorChain, tlsReason } from '../../platform/credentials/tls-failures.ts';
import { AppError } from '../../platform/errors.ts';
import type { Connection } from './client-options.ts';

type Found = { code: ErrorCode; reason: string };

function find(error: unknown, connection: Connection | undefined): Found | undefined {
  for (const e of errorChain(error)) {
    if (e instanceof TokenError) {
      return {
        code: 'CLUSTER_AUTHENTICATION_FAILED',
        reason: `${connection?.sasl?.mechanism ?? 'OAUTHBEARER'}: ${e.message}`,
      };
    }
    const tls = tlsReason(e, 'the broker');
    if (tls) return { code: 'CLUSTER_TLS_FAILED', reason: tls };
    if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') {
      return {
        code: 'CLUSTER_HOST_NOT_FOUND',
        reason: `host not found (DNS): ${e.message.replace(/^getaddrinfo \w+ /, '')}`,
      };
    }
    if (e.code === 'ECONNREFUSED') {
      return {
        code: 'CLUSTER_CONNECTION_REFUSED',
        reason: `connection refused by ${e.message.replace(/^connect ECONNREFUSED /, '')}; is the broker running, and is this its port?`,
      };
    }
    if (e.code === 'PLT_KFK_USER' && /requires TLS/.test(e.message)) {
      return {
        code: 'CLUSTER_PROTOCOL_MISMATCH',
        reason: 'the listener requires TLS; use security.protocol SSL or SASL_SSL',
      };
    }
    if (e.code === 'PLT_KFK_USER' && /TLS handshake failed/.test(e.message)) {
      return {
        code: 'CLUSTER_PROTOCOL_MISMATCH',
        reason:
          'the listener does not speak TLS; use security.protocol PLAINTEXT or SASL_PLAINTEXT, or the TLS listener’s port',
      };
    }
    if (e.code === 'PLT_KFK_AUTHENTICATION') return authentication(e, connection);
    if (/timed out/i.test(e.message) || e.code === 'PLT_KFK_TIMEOUT') {
      return { code: 'CLUSTER_TIMEOUT', reason: `no answer in time (${e.message.replace(/\.$/, '')})` };
    }
    if (e.code === 'PLT_KFK_NETWORK' && e.message === 'Connection closed' && !e.cause)
      return closed(connection);
  }
  return undefined;
}

/**
 * The broker closed the connection before its first answer. Over TLS 1.3 a listener that requires a client
 * certificate does so after the handshake, with no error the client sees: without a certificate that is
 * the likely reason. Otherwise the listener expects another protocol.
 */
function closed(connection: Connection | undefined): Found {
  if (connection?.tls && !connection.clientCertificate) {
    return {
      code: 'CLUSTER_TLS_FAILED',
      reason: `the broker closed the connection after the TLS handshake: it likely requires a client certificate (set ssl.keystore.location, or ssl.certificate.location and ssl.key.location)${connection.sasl ? '' : ', or the listener expects SASL (security.protocol SASL_SSL)'}`,
    };
  }
  const said = connection ? ` (the console uses ${connection.protocol})` : '';
  return {
    code: 'CLUSTER_PROTOCOL_MISMATCH',
    reason: `the broker closed the connection before answering${said}: the listener likely expects another security.protocol (TLS or SASL, or neither)`,
  };
}

function authentication(e: ChainedError, connection: Connection | undefined): Found {
  const messages = [...errorChain(e)].map((x) => x.message);
  if (messages.some((m) => /current SASL state/.test(m))) {
    return {
      code: 'CLUSTER_PROTOCOL_MISMATCH',
      reason:
        'the listener does not take SASL; use security.protocol PLAINTEXT or SSL, or the SASL listener’s port',
    };
  }
  const who = connection?.sasl
    ? `SASL ${connection.sasl.mechanism}${connection.sasl.principal ? ` as '${connection.sasl.principal}'` : ''}`
    : 'SASL';
  // The broker's own words when it sent some (serverErrorMessage), else the client's.
  const server = [...errorChain(e)]
    .map((x) => (x as { serverErrorMessage?: unknown }).serverErrorMessage)
    .find((m): m is string => typeof m === 'string' && m.length > 0);
  const detail =
    server ?? messages.slice(1).find((m) => !/^Received response with error/.test(m)) ?? e.message;
  return { code: 'CLUSTER_AUTHENTICATION_FAILED', reason: `authentication failed (${who}): ${detail}` };
}

/** The connection failure in `error`, as the error the caller gets, or undefined when it is not one. */
export function connectionFailure(
  cluster: string,
  error: unknown,
  connection?: Connection,
): AppError | undefined {
  const found = find(error, connection);
  if (!found) return undefined;
  return new AppError(found.code, `Cluster '${cluster}': ${found.reason}`, { cause: error });
}
