// Vitest global setup: gives the tests a stack and exports its endpoints as environment variables,
// which the test workers inherit. Endpoints already in the environment win; else a stack that
// `pnpm stack:up` left running is reused; else one is started here and stopped on teardown.
// The HTTPS listeners (SCHEMA_REGISTRY_TLS_URL, CONNECT_TLS_URL, STACK_TLS_DIR) come from the local
// stack only; with endpoints from the environment, the tests that need them read them from there too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consoleConfigFile, stackDir } from './paths.ts';
import type { Endpoints } from './probes.ts';
import { endpointsAnswer } from './probes.ts';
import { down, up } from './stack.ts';
import { consoleYaml, TLS_VARIABLES, type TlsEndpoints } from './state.ts';

const VARIABLES: Record<keyof Endpoints, string> = {
  kafkaBootstrap: 'KAFKA_BOOTSTRAP',
  schemaRegistryUrl: 'SCHEMA_REGISTRY_URL',
  connectUrl: 'CONNECT_URL',
  ksqldbUrl: 'KSQLDB_URL',
};

const log = (line: string) => process.stderr.write(`[stack] ${line}\n`);

function endpointsFromEnvironment(): Endpoints | undefined {
  const entries = Object.entries(VARIABLES).map(([key, name]) => [key, process.env[name]] as const);
  const missing = entries.filter(([, value]) => !value).map(([key]) => VARIABLES[key as keyof Endpoints]);
  if (missing.length === entries.length) return undefined;
  if (missing.length > 0)
    throw new Error(`stack: set all four endpoint variables or none; missing ${missing.join(', ')}`);
  return Object.fromEntries(entries) as unknown as Endpoints;
}

async function externalStack(endpoints: Endpoints): Promise<void> {
  const health = await endpointsAnswer(endpoints);
  const down = Object.entries(health).filter(([, answering]) => !answering);
  if (down.length > 0) {
    const names = down.map(
      ([key]) => `${VARIABLES[key as keyof Endpoints]}=${endpoints[key as keyof Endpoints]}`,
    );
    throw new Error(`stack: endpoints from the environment do not answer: ${names.join(', ')}`);
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  let startedHere = false;
  let endpoints = endpointsFromEnvironment();
  let configFile = process.env.STACK_CONFIG_FILE;
  if (endpoints) {
    await externalStack(endpoints);
    if (!configFile) {
      // Not .stack/console.yaml: that one describes the local stack, which these endpoints may not be.
      mkdirSync(stackDir, { recursive: true });
      configFile = join(stackDir, 'console.env.yaml');
      writeFileSync(configFile, consoleYaml(endpoints));
    }
  } else {
    const result = await up({ log });
    startedHere = !result.reused;
    endpoints = result.endpoints;
    configFile = consoleConfigFile;
    for (const [key, name] of Object.entries(TLS_VARIABLES)) {
      process.env[name] = result.tls[key as keyof TlsEndpoints];
    }
  }
  for (const [key, name] of Object.entries(VARIABLES)) process.env[name] = endpoints[key as keyof Endpoints];
  process.env.STACK_CONFIG_FILE = configFile;
  return async () => {
    if (startedHere) await down({ log });
  };
}
