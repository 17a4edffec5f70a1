import { setTimeout as sleep } from 'node:timers/promises';
import { errorBody, type Upstream, type UpstreamCall, type UpstreamHttp } from '../upstream-http.ts';
import { translateConnectError } from './errors.ts';

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

  validate = (className: string, config: Record<string, string>) =>
    this.#json<ConfigValidation>(`/connector-plugins/${encodeURIComponent(className)}/config/validate`, {
      method: 'PUT',
      body: { ...config, 'connector.class': config['connector.class'] ?? className },
    });

  async #json<T>(url: string, options: UpstreamCall = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.#http.call(this.upstream, url, options);
      if (answer.status < 400) return answer.body as T;
      const rebalancing =
        answer.status === 409 || (answer.status >= 500 && REBALANCING.test(errorBody(answer).message));
      const retry =
        rebalancing && (options.method ?? 'GET') === 'GET' && attempt < ATTEMPTS_WHILE_REBALANCING;
      if (!retry) throw translateConnectError(this.upstream, answer);
      await sleep(500 * attempt);
    }
  }
}

const path = (name: string) => `/connectors/${encodeURIComponent(name)}`;
