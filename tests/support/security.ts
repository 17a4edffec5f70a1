import { createHash } from 'node:crypto';
import { parseConfig } from '../../packages/server/src/platform/config/load.ts';
import type { Config } from '../../packages/server/src/platform/config/schema.ts';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `startApp` adjuster that turns security on with the given `security` section (as written in YAML). */
export function withSecurity(security: Record<string, unknown>): (config: Config) => Config {
  const parsed = parseConfig({
    clusters: { any: { properties: { 'bootstrap.servers': '127.0.0.1:1' } } },
    security: { enabled: true, ...security },
  }).security;
  return (config) => ({ ...config, security: parsed });
}

/** Logs in with the form's JSON call; returns the `Cookie` header value of the session. */
export async function formLogin(url: string, username: string, password: string): Promise<Response> {
  return fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

export function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('JWT='));
  if (!cookie) throw new Error(`no JWT cookie in the answer (${res.status})`);
  return cookie.split(';')[0] as string;
}
