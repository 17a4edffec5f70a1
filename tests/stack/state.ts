// What `up` leaves behind in .stack: state.json (pids, start markers, ports), env and console.yaml.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { consoleConfigFile, envFile, stateFile } from './paths.ts';
import type { Endpoints } from './probes.ts';
import type { ProcessRef } from './processes.ts';
import { tlsDir } from './tls-certs.ts';

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
  /** HTTPS beside HTTP (tls-certs.ts); a state written before these existed is restarted by `up`. */
  registryTls: number;
  connectTls: number;
}

/** The second listeners of the registry and Connect, and the directory of their certificates and stores. */
export interface TlsEndpoints {
  schemaRegistryTlsUrl: string;
  connectTlsUrl: string;
  tlsDir: string;
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

/** Whether `state` has every port this version of the stack starts (old checkouts recorded fewer). */
export function hasTlsPorts(state: StackState): boolean {
  return Number.isInteger(state.ports.registryTls) && Number.isInteger(state.ports.connectTls);
}

export function tlsEndpointsOf(state: StackState): TlsEndpoints {
  return {
    schemaRegistryTlsUrl: `https://127.0.0.1:${state.ports.registryTls}/apis/ccompat/v7`,
    connectTlsUrl: `https://127.0.0.1:${state.ports.connectTls}`,
    tlsDir,
  };
}

export const TLS_VARIABLES: Record<keyof TlsEndpoints, string> = {
  schemaRegistryTlsUrl: 'SCHEMA_REGISTRY_TLS_URL',
  connectTlsUrl: 'CONNECT_TLS_URL',
  tlsDir: 'STACK_TLS_DIR',
};

export function envLines(endpoints: Endpoints, tls?: TlsEndpoints): string[] {
  return [
    `KAFKA_BOOTSTRAP=${endpoints.kafkaBootstrap}`,
    `SCHEMA_REGISTRY_URL=${endpoints.schemaRegistryUrl}`,
    `CONNECT_URL=${endpoints.connectUrl}`,
    `KSQLDB_URL=${endpoints.ksqldbUrl}`,
    ...(tls
      ? Object.entries(TLS_VARIABLES).map(([key, name]) => `${name}=${tls[key as keyof TlsEndpoints]}`)
      : []),
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

export function writeEndpointFiles(endpoints: Endpoints, tls: TlsEndpoints): void {
  writeFileSync(envFile, `${envLines(endpoints, tls).join('\n')}\n`);
  writeFileSync(consoleConfigFile, consoleYaml(endpoints));
}
