import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Caller } from './authenticator.ts';
import { ownOrigins } from './login/public-address.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A browser says where a request comes from: `Origin` on every write, `Sec-Fetch-Site` on every
 * request of a current browser. Another port of the same host is another origin (`same-site`), so only
 * `same-origin` and `none` (typed in the address bar) count as the console's own. A request with
 * neither header is not from a browser's page (curl, scripts) and is not refused here.
 */
function crossSiteSource(request: FastifyRequest, config: Config): string | undefined {
  const origin = header(request, 'origin');
  if (origin !== undefined && !ownOrigins(request, config).includes(origin)) {
    return header(request, 'sec-fetch-site') === 'same-origin'
      ? proxyHint(request, origin)
      : `origin ${origin}`;
  }
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `a ${site} page`;
  return undefined;
}

let proxyHintLogged = false;

/**
 * The browser says the page and the request share an origin, yet that origin is not where the request
 * arrived: a reverse proxy rewrote `Host` (nginx's default). Still refused, but the answer and one log
 * line say what to set (README, "Behind a reverse proxy").
 */
function proxyHint(request: FastifyRequest, origin: string): string {
  const reached = `${request.protocol}://${request.host}`;
  const hint =
    `origin ${origin}, but the console was reached as ${reached}: behind a reverse proxy, set ` +
    `server.publicUrl to the address users open (${origin}), or list the proxy in server.trustedProxies ` +
    'and have it send X-Forwarded-Host and X-Forwarded-Proto';
  if (!proxyHintLogged) {
    proxyHintLogged = true;
    request.log.warn(`Writes from the console's own pages are refused: ${hint}`);
  }
  return hint;
}

/**
 * CSRF defence beyond SameSite. A write from another origin is refused unless it
 * carries its own `Authorization` header (which a cross-origin page can only send after a CORS
 * preflight, never granted here): so cookie sessions, proxy-header identities, the login form and a
 * console with security off cannot be driven by another site's page. AKHQ's state-changing GETs
 * (connector pause/resume/restart) answer only Basic or bearer callers, and pages of the console's
 * own origin with security off; the console itself uses their POST twins.
 */
export function refuseCrossSite(
  request: FastifyRequest,
  config: Config,
  caller: Caller | null,
  stateChangingGet: boolean,
): void {
  const authorized = request.headers.authorization !== undefined;
  if (!SAFE_METHODS.has(request.method) && !authorized) {
    const source = crossSiteSource(request, config);
    if (source) {
      throw new AppError('FORBIDDEN', `Cross-site request refused: this write came from ${source}`);
    }
  }
  if (stateChangingGet && request.method === 'GET') {
    if (caller?.via === 'cookie' || caller?.via === 'header') {
      throw new AppError(
        'FORBIDDEN',
        'This GET changes state and is answered only for Basic or bearer credentials; use POST',
      );
    }
    const source = authorized ? undefined : crossSiteSource(request, config);
    if (source) throw new AppError('FORBIDDEN', `Cross-site request refused: this GET came from ${source}`);
  }
}
