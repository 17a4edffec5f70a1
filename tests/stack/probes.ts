// Readiness checks: each answers true only when the component serves real requests.
import { setTimeout as sleep } from 'node:timers/promises';
import { probeKafka } from './kafka-probe.ts';

export interface Endpoints {
  kafkaBootstrap: string;
  schemaRegistryUrl: string;
  connectUrl: string;
  ksqldbUrl: string;
}

async function get(url: string): Promise<{ status: number; body: string } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return undefined;
  }
}

export async function kafkaAnswers(bootstrap: string, clusterId?: string): Promise<boolean> {
  const [host = '127.0.0.1', port = '0'] = bootstrap.split(':');
  try {
    const result = await probeKafka(host, Number(port));
    return result.brokers.length > 0 && (clusterId === undefined || result.clusterId === clusterId);
  } catch {
    return false;
  }
}

export async function connectAnswers(url: string): Promise<boolean> {
  const plugins = await get(`${url}/connector-plugins`);
  if (
    plugins?.status !== 200 ||
    !plugins.body.includes('org.apache.kafka.connect.file.FileStreamSourceConnector')
  ) {
    return false;
  }
  // /connectors answers only once the worker has joined its group and read the config topic.
  return (await get(`${url}/connectors`))?.status === 200;
}

export async function registryAnswers(url: string): Promise<boolean> {
  const subjects = await get(`${url}/subjects`);
  return subjects?.status === 200 && subjects.body.trimStart().startsWith('[');
}

export async function ksqldbAnswers(url: string): Promise<boolean> {
  const info = await get(`${url}/info`);
  return info?.status === 200 && info.body.includes('KsqlServerInfo');
}

export async function endpointsAnswer(endpoints: Endpoints): Promise<Record<keyof Endpoints, boolean>> {
  const [kafkaBootstrap, schemaRegistryUrl, connectUrl, ksqldbUrl] = await Promise.all([
    kafkaAnswers(endpoints.kafkaBootstrap),
    registryAnswers(endpoints.schemaRegistryUrl),
    connectAnswers(endpoints.connectUrl),
    ksqldbAnswers(endpoints.ksqldbUrl),
  ]);
  return { kafkaBootstrap, schemaRegistryUrl, connectUrl, ksqldbUrl };
}

export interface WaitOptions {
  component: string;
  logFile: string;
  timeoutMs: number;
  alive: () => boolean;
  signal: AbortSignal;
}

// Polls `check` until it passes; fails fast when the process dies or the start is abandoned.
export async function waitUntil(check: () => Promise<boolean>, options: WaitOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.signal.aborted) throw new Error(`${options.component}: start-up abandoned`);
    if (await check()) return;
    if (!options.alive()) {
      throw new Error(`${options.component} exited during start-up; read ${options.logFile}`);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${options.component} did not answer within ${options.timeoutMs / 1000} s; read ${options.logFile}`,
      );
    }
    await sleep(250);
  }
}
