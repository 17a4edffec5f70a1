import { setTimeout as sleep } from 'node:timers/promises';
import type { AppError } from '../../platform/errors.ts';
import {
  errorBody,
  type Upstream,
  type UpstreamAnswer,
  type UpstreamCall,
  type UpstreamHttp,
} from '../upstream-http.ts';
import { connectTooOld, offsetsRefusal, translateConnectError } from './errors.ts';
import { atLeast } from './versions.ts';

export type ConnectorInfo = {
  name: string;
  config: Record<string, string>;
  tasks: { connector: string; task: number }[];
  type?: string;
};

type WorkerState = { state: string; worker_id: string; trace?: string };
export type ConnectorStatus = {
  name: string;
  connector: WorkerState;
  tasks: (WorkerState & { id: number })[];
  type?: string;
};

/** One partition's offset as Connect keeps it (KIP-875): the plugin's own objects. */
export type ConnectorOffsets = {
  offsets: { partition: Record<string, unknown>; offset: Record<string, unknown> | null }[];
};

export type LoggerLevels = Record<string, { level: string; last_modified?: number | null }>;

/** A feature and the Apache Kafka release whose Connect REST API has it. */
type Feature = { what: string; since: string };
const STOP: Feature = { what: 'Stopping a connector', since: '3.5' };
const READ_OFFSETS: Feature = { what: "Reading a connector's offsets", since: '3.5' };
const CHANGE_OFFSETS: Feature = { what: "Altering or resetting a connector's offsets", since: '3.6' };
const CLUSTER_LOGGERS: Feature = { what: 'Setting a log level on every worker', since: '3.7' };

export type PluginInfo = { class: string; type: string; version?: string };

export type ConfigKeyDefinition = {
  name: string;
  type: string;
  required: boolean;
  default_value: string | null;
  importance: string;
  documentation: string | null;
  group: string | null;
  width: string | null;
  display_name: string | null;
  dependents: string[] | null;
  order_in_group?: number;
  order?: number;
};

export type ConfigValidation = {
  name: string;
  error_count: number;
  configs: { definition: ConfigKeyDefinition; value: { name: string; errors: string[] } }[];
};

/**
 * GETs are retried while the worker's group rebalances: it answers 409 ("rebalance in progress", as AKHQ
 * retries too) or, right after a config change, 500 "a rebalance is expected" (RebalanceNeededException).
 * PUTs (a config update, pause, resume, a logger's level: each sets a state, so repeating one is safe) are
 * retried when the answer names a rebalance: the worker refuses them before applying anything. Without it, a
 * config saved while the worker still rebalances after the save before would be refused.
 */
const ATTEMPTS_WHILE_REBALANCING = 5;
const REBALANCING = /rebalance/i;

/** The Kafka Connect REST API, one method per call. */
export class ConnectClient {
  readonly #http: UpstreamHttp;
  readonly upstream: Upstream;

  constructor(http: UpstreamHttp, upstream: Upstream) {
    this.#http = http;
    this.upstream = upstream;
  }

  /** Every connector with its info and status in one call (Connect 2.3+, KIP-465). */
  expanded = () =>
    this.#json<Record<string, { info: ConnectorInfo; status?: ConnectorStatus }>>(
      '/connectors?expand=info&expand=status',
    );

  info = (name: string) => this.#json<ConnectorInfo>(path(name));

  status = (name: string) => this.#json<ConnectorStatus>(`${path(name)}/status`);

  config = (name: string) => this.#json<Record<string, string>>(`${path(name)}/config`);

  /** The topics the connector used since it was created or its topics were reset (KIP-558, Connect 2.5+). */
  activeTopics = (name: string) => this.#json<Record<string, { topics: string[] }>>(`${path(name)}/topics`);

  create = (name: string, config: Record<string, string>) =>
    this.#json<ConnectorInfo>('/connectors', { method: 'POST', body: { name, config } });

  updateConfig = (name: string, config: Record<string, string>) =>
    this.#json<ConnectorInfo>(`${path(name)}/config`, { method: 'PUT', body: config });

  delete = (name: string) => this.#json<void>(path(name), { method: 'DELETE' });

  pause = (name: string) => this.#json<void>(`${path(name)}/pause`, { method: 'PUT' });

  resume = (name: string) => this.#json<void>(`${path(name)}/resume`, { method: 'PUT' });

  /** The connector and all its tasks (KIP-745); older workers ignore the parameters and restart the connector. */
  restart = (name: string) =>
    this.#json<void>(`${path(name)}/restart?includeTasks=true&onlyFailed=false`, { method: 'POST' });

  restartTask = (name: string, task: number) =>
    this.#json<void>(`${path(name)}/tasks/${task}/restart`, { method: 'POST' });

  plugins = () => this.#json<PluginInfo[]>('/connector-plugins');

  /** The worker's release and commit. */
  serverInfo = () => this.#json<{ version: string; commit?: string }>('/');

  /** Stops the connector and its tasks, keeping its config (KIP-875); Connect answers 202 or 204. */
  stop = (name: string) => this.#json<void>(`${path(name)}/stop`, { method: 'PUT' }, this.#since(STOP));

  offsets = (name: string) =>
    this.#json<ConnectorOffsets>(`${path(name)}/offsets`, {}, this.#since(READ_OFFSETS));

  /** Connect refuses it unless the connector is STOPPED (offsetsRefusal). */
  alterOffsets = (name: string, body: ConnectorOffsets) =>
    this.#json<{ message: string }>(
      `${path(name)}/offsets`,
      { method: 'PATCH', body },
      this.#since(CHANGE_OFFSETS, (answer) => offsetsRefusal(this.upstream, name, answer, 'alter')),
    );

  resetOffsets = (name: string) =>
    this.#json<{ message: string }>(
      `${path(name)}/offsets`,
      { method: 'DELETE' },
      this.#since(CHANGE_OFFSETS, (answer) => offsetsRefusal(this.upstream, name, answer, 'reset')),
    );

  /** Every logger the worker knows and its level (KIP-495). */
  loggers = () => this.#json<LoggerLevels>('/admin/loggers');

  /**
   * Sets a logger's level on this worker (answers the loggers it changed) or, `cluster`, on every worker
   * of the Connect cluster (KIP-976, answers nothing). An older worker would ignore the scope and change
   * only itself, so it is refused before anything changes.
   */
  async setLogger(logger: string, level: string, scope: 'worker' | 'cluster'): Promise<string[] | undefined> {
    const url = `/admin/loggers/${encodeURIComponent(logger)}`;
    if (scope === 'cluster') {
      const { version } = await this.serverInfo();
      if (atLeast(version, CLUSTER_LOGGERS.since) === false) {
        throw connectTooOld(this.upstream, CLUSTER_LOGGERS.what, CLUSTER_LOGGERS.since, version);
      }
      await this.#json<void>(`${url}?scope=cluster`, { method: 'PUT', body: { level } });
      return undefined;
    }
    return this.#json<string[]>(url, { method: 'PUT', body: { level } });
  }

  validate = (className: string, config: Record<string, string>) =>
    this.#json<ConfigValidation>(`/connector-plugins/${encodeURIComponent(className)}/config/validate`, {
      method: 'PUT',
      body: { ...config, 'connector.class': config['connector.class'] ?? className },
    });

  async #json<T>(url: string, options: UpstreamCall = {}, translate?: Translate): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.#http.call(this.upstream, url, options);
      if (answer.status < 400) return answer.body as T;
      const method = options.method ?? 'GET';
      const saysRebalance =
        (answer.status === 409 || answer.status >= 500) && REBALANCING.test(errorBody(answer).message);
      const rebalancing =
        method === 'GET' ? saysRebalance || answer.status === 409 : method === 'PUT' && saysRebalance;
      const retry = rebalancing && attempt < ATTEMPTS_WHILE_REBALANCING;
      if (!retry) throw (await translate?.(answer)) ?? translateConnectError(this.upstream, answer);
      await sleep(500 * attempt);
    }
  }

  /**
   * A worker older than the feature's release has no such endpoint (404 or 405): its `GET /` version
   * tells that from a missing connector, and the refusal names the version. Else `then`, if it applies.
   */
  #since(feature: Feature, then?: (answer: UpstreamAnswer) => AppError | undefined): Translate {
    return async (answer) => {
      if (answer.status === 404 || answer.status === 405) {
        const version = await this.serverInfo().then(
          (info) => info.version,
          () => undefined,
        );
        const old = version === undefined ? undefined : atLeast(version, feature.since);
        // A version it cannot read: Jersey's own "HTTP 404 Not Found" means no such endpoint.
        const missing = old === undefined ? /^HTTP 40[45]\b/.test(errorBody(answer).message) : !old;
        if (missing) return connectTooOld(this.upstream, feature.what, feature.since, version ?? 'unknown');
      }
      return then?.(answer);
    };
  }
}

type Translate = (answer: UpstreamAnswer) => Promise<AppError | undefined>;

const path = (name: string) => `/connectors/${encodeURIComponent(name)}`;
