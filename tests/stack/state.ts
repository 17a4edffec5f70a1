// What `up` leaves behind in .stack: state.json (pids, start markers, ports), env and console.yaml.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { consoleConfigFile, envFile, stateFile } from './paths.ts';
import type { Endpoints } from './probes.ts';
import type { ProcessRef } from './processes.ts';

export const COMPONENTS = ['kafka', 'connect', 'registry', 'ksqldb'] as const;
export type ComponentName = (typeof COMPONENTS)[number];

export interface Ports {
  broker: number;
  controller: number;
  connect: number;
  registry: number;
  // Apicurio's build fixes the Quarkus management interface on; it gets its own port, not 9000.
  registryManagement: number;
  ksqldb: number;
}

export interface StackState {
  startedAt: string;
  clusterId: string;
  ports: Ports;
  processes: Partial<Record<ComponentName, ProcessRef>>;
}

export function readState(): StackState | undefined {
  if (!existsSync(stateFile)) return undefined;
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
  } catch {
    return undefined;
  }
}

export function writeState(state: StackState): void {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
}

export function endpointsOf(state: StackState): Endpoints {
  return {
    kafkaBootstrap: `127.0.0.1:${state.ports.broker}`,
    schemaRegistryUrl: `http://127.0.0.1:${state.ports.registry}/apis/ccompat/v7`,
    connectUrl: `http://127.0.0.1:${state.ports.connect}`,
    ksqldbUrl: `http://127.0.0.1:${state.ports.ksqldb}`,
  };
}

export function envLines(endpoints: Endpoints): string[] {
  return [
    `KAFKA_BOOTSTRAP=${endpoints.kafkaBootstrap}`,
    `SCHEMA_REGISTRY_URL=${endpoints.schemaRegistryUrl}`,
    `CONNECT_URL=${endpoints.connectUrl}`,
    `KSQLDB_URL=${endpoints.ksqldbUrl}`,
  ];
}

export function consoleYaml(endpoints: Endpoints): string {
  return [
    'clusters:',
    '  local:',
    '    properties:',
    `      bootstrap.servers: ${endpoints.kafkaBootstrap}`,
    '    schemaRegistry:',
    `      url: ${endpoints.schemaRegistryUrl}`,
    '    connect:',
    '      - name: local',
    `        url: ${endpoints.connectUrl}`,
    '    ksqldb:',
    '      - name: local',
    `        url: ${endpoints.ksqldbUrl}`,
    '',
  ].join('\n');
}

export function writeEndpointFiles(endpoints: Endpoints): void {
  writeFileSync(envFile, `${envLines(endpoints).join('\n')}\n`);
  writeFileSync(consoleConfigFile, consoleYaml(endpoints));
}
