import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config/schema.ts';

/** The console's login page showing `message` as a warning (the page reads `error`). */
export function loginPageWithError(config: Config, message: string): string {
  return `${config.basePath}ui/login?error=${encodeURIComponent(message)}`;
}

/**
 * A login failure goes back to the login page, as AKHQ answers it, for an HTML form and for a browser's
 * script that did not ask for JSON: AKHQ's own login page posts JSON with `redirect: 'manual'` and shows
 * "Wrong Username or Password!" only for a redirect (or a 500), never for a 401. The console's
 * page and scripts ask for JSON, or are not browsers (no `Sec-Fetch-Dest`), and get the 401 envelope.
 */
export function wantsLoginPage(request: FastifyRequest): boolean {
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return true;
  if (request.headers.accept?.includes('application/json')) return false;
  return request.headers['sec-fetch-dest'] !== undefined;
}
