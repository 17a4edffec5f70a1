/**
 * What went wrong in a TLS handshake, in one line that says what to set (the `ssl.*` keys of a cluster or an
 * upstream's `tls`): Node's certificate and alert codes, found anywhere in an error's cause chain.
 */
export type ChainedError = Error & { code?: string; errors?: unknown[]; cause?: unknown };

/** Every error in the chain, depth first, the outermost first. */
export function* errorChain(error: unknown, depth = 0): Generator<ChainedError> {
  if (!(error instanceof Error) || depth > 8) return;
  const e = error as ChainedError;
  yield e;
  for (const inner of e.errors ?? []) yield* errorChain(inner, depth + 1);
  if (e.cause) yield* errorChain(e.cause, depth + 1);
}

const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);
const CLIENT_CERT_REFUSED =
  /ALERT_(CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|HANDSHAKE_FAILURE)/;

/** The TLS problem anywhere in `error`'s chain, said of `peer` ("the broker", "the server"), if any. */
export function tlsReason(error: unknown, peer: string): string | undefined {
  for (const e of errorChain(error)) {
    const code = e.code ?? '';
    if (UNTRUSTED.has(code)) {
      return `TLS: ${peer}'s certificate is not signed by a CA the console trusts (${e.message}); set ssl.truststore.location or ssl.ca.location to the CA that signed it`;
    }
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
      return `TLS: ${peer}'s certificate is not for the host the console connected to (${e.message}); use a host name the certificate names, or set ssl.endpoint.identification.algorithm to empty to skip the check`;
    }
    if (code === 'CERT_HAS_EXPIRED') return `TLS: ${peer}'s certificate has expired`;
    if (code === 'CERT_NOT_YET_VALID')
      return `TLS: ${peer}'s certificate is not valid yet (check the clocks)`;
    if (CLIENT_CERT_REFUSED.test(code)) {
      return `TLS: ${peer} refused the console's client certificate (${code}); check ssl.keystore.location (or ssl.certificate.location) and that ${peer} trusts its CA`;
    }
    if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return `TLS: ${e.message} (${code})`;
  }
  return undefined;
}
