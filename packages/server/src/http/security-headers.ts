import type { FastifyInstance } from 'fastify';

/** The console loads only its own bundle: no inline script, no third-party origin, never framed. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Every answer's security headers; event streams, which bypass `onSend`, write them themselves. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': CSP,
};

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}
