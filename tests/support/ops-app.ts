import type { Config } from '../../packages/server/src/platform/config/schema.ts';
import { type Answer, type RunningApp, request, startApp } from './app.ts';
import { sha256, withSecurity } from './security.ts';

type Audit = { user: string; action: string; target?: string; status: number; outcome: string };

/**
 * The app with security on and the shipped roles: `admin` (the default admin group) and `reader`,
 * each with password `pw`; its log lines kept so a test can read the audit events of its writes.
 * `bootstrap` points the cluster `local` at another Kafka than the stack's.
 */
export async function startSecuredApp(bootstrap?: string) {
  const lines: string[] = [];
  const secured = withSecurity({
    defaultGroup: null,
    users: [
      { username: 'admin', password: sha256('pw'), groups: ['admin'] },
      { username: 'reader', password: sha256('pw'), groups: ['reader'] },
    ],
  });
  const pointed = (config: Config): Config => {
    const local = config.clusters.local;
    if (!bootstrap || !local) return config;
    const properties = { ...local.properties, 'bootstrap.servers': bootstrap };
    return { ...config, clusters: { local: { ...local, properties } } };
  };
  const app: RunningApp = await startApp((config) => secured(pointed(config)), {
    logStream: { write: (line) => lines.push(line) },
  });
  const call = (
    user: 'admin' | 'reader',
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer<unknown>> =>
    request(`${app.url}/api/local${path}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${user}:pw`).toString('base64')}` },
      body,
    });
  const audits = (): Audit[] =>
    lines
      .map((line) => JSON.parse(line) as { audit?: Audit })
      .flatMap((entry) => (entry.audit ? [entry.audit] : []));
  /** Every log line the app wrote so far, as written (a secret must appear in none). */
  const logText = (): string => lines.join('');
  return { app, call, audits, logText };
}
