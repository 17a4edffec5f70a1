import type { AddressInfo } from 'node:net';
import { type AppOptions, buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/load.ts';
import type { Config } from '../../packages/server/src/platform/config/schema.ts';

export type RunningApp = { url: string; config: Config; close: () => Promise<void> };

/** The real server on a free port, configured for the stack the global setup provided. */
export async function startApp(
  adjust: (raw: Config) => Config = (c) => c,
  options: AppOptions = { logger: false },
): Promise<RunningApp> {
  const file = process.env.STACK_CONFIG_FILE;
  if (!file) throw new Error('STACK_CONFIG_FILE is not set: the stack global setup did not run');
  return startConfiguredApp(adjust(loadConfig(['--config', file], {})), options);
}

/** The real server on a free port with `config` as it is, for tests with brokers of their own. */
export async function startConfiguredApp(
  config: Config,
  options: AppOptions = { logger: false },
): Promise<RunningApp> {
  const app = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, config, close: () => app.close() };
}

/**
 * `startApp` adjuster whose clusters are exactly `clusters` (name -> Kafka properties), with no registry,
 * Connect or ksqlDB: for tests against brokers of their own.
 */
export function onlyClusters(clusters: Record<string, Record<string, string>>): (config: Config) => Config {
  return (config) => ({
    ...config,
    clusters: Object.fromEntries(
      Object.entries(clusters).map(([name, properties]) => [
        name,
        { properties, connect: [], ksqldb: [], deserialization: [] },
      ]),
    ),
  });
}

/**
 * What the console answered: the status and the body, parsed when the answer's content-type is JSON, the
 * text otherwise, undefined when empty.
 */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the body field by field, as it would JSON.parse's result
export type Answer<Body = any> = { status: number; body: Body };

/** The answer with its headers, its content-type and its body as the text that came. */
// biome-ignore lint/suspicious/noExplicitAny: as Answer
export type FullAnswer<Body = any> = Answer<Body> & { headers: Headers; type: string | null; text: string };

/**
 * A call: `body`, when given, goes as JSON with its content-type; `headers` (an authorization, a cookie)
 * go as they are.
 */
export type Call = { method?: string; body?: unknown; headers?: Record<string, string> };

const isJson = (type: string | null) => type !== null && /^application\/([\w.-]+\+)?json\b/i.test(type);

/** One call to the console (or any HTTP server), read whole: the status, headers and body. */
export async function exchange(
  url: string,
  { method = 'GET', body, headers = {} }: Call = {},
): Promise<FullAnswer> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const type = res.headers.get('content-type');
  return {
    status: res.status,
    headers: res.headers,
    type,
    text,
    body: text === '' ? undefined : isJson(type) ? JSON.parse(text) : text,
  };
}

/** One call to the console: the status and the body. */
export async function request(url: string, call: Call = {}): Promise<Answer> {
  const { status, body } = await exchange(url, call);
  return { status, body };
}

/** GET `url`: the status and the body. */
export async function getJson(url: string): Promise<Answer<unknown>> {
  return request(url);
}
