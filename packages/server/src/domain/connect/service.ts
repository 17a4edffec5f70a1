import type {
  ConnectDefinition,
  ConnectDefinitionList,
  ConnectListQuery,
  ConnectPlugin,
  ConnectRef,
  ConnectTask,
  FieldError,
} from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { mapLimit } from '../../platform/map-limit.ts';
import { ConnectClient, type ConnectorStatus, type PluginInfo } from '../../upstreams/connect/client.ts';
import type { UpstreamHttp } from '../../upstreams/upstream-http.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { byName, nameMatcher } from '../topics/topic-naming.ts';
import { toConnectDefinition, toTasks } from './definitions.ts';
import { connectorFlows } from './flows.ts';
import { connectOperations } from './operations.ts';
import { passwordKeys, shortClassName, toPlugin, validationErrors } from './plugins.ts';
import { maskSecrets, restoreSecrets, secretMatcher } from './secrets.ts';

/** How long a plugin's PASSWORD keys are reused before the worker is asked again. */
const PASSWORD_KEYS_TTL_MS = 5 * 60_000;
const PARALLEL = 4;

/** Refuses a connector config the caller may not store (connector-access.ts); returns when it may. */
export type Authorize = (configs: Readonly<Record<string, string>>, pluginType: string | undefined) => void;

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

/** Connect's own validation refusals are a 409, as in AKHQ; our checks before sending are a 400. */
const invalid = (fields: FieldError[], code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST') =>
  new AppError(
    code,
    fields.map((f) => `${f.field.replace(/^body\.configs\./, '')}: ${f.message}`).join('; '),
    {
      fields,
    },
  );

/**
 * The Connect screens' operations (docs/api-conventions.md#kafka-connect) over each cluster's configured
 * workers.
 */
export function connectService(config: Config, http: UpstreamHttp) {
  const clients = new Map<string, ConnectClient>();
  const passwords = new Map<string, { keys: Set<string>; until: number }>();

  const worker = (cluster: string, connectId: string): ConnectClient => {
    const key = `${cluster}\u0000${connectId}`;
    const known = clients.get(key);
    if (known) return known;
    const settings = config.clusters[cluster];
    if (!settings) throw notFound(`Cluster '${cluster}' not found`);
    const own = settings.connect.find((c) => c.name === connectId);
    if (!own) throw notFound(`Cluster '${cluster}' has no Kafka Connect named '${connectId}'`);
    const client = new ConnectClient(http, {
      ...own,
      label: `Kafka Connect '${connectId}' of cluster '${cluster}'`,
    });
    clients.set(key, client);
    return client;
  };

  /**
   * Which configs of a connector class are secrets: the plugin's PASSWORD keys (cached per worker and class)
   * plus secret-looking names. It fails closed: when the worker cannot describe the class the call fails,
   * unless the worker has no such plugin at all (then only the name patterns apply).
   */
  const secretsOf = async (client: ConnectClient, className: string | undefined) => {
    if (!className) return secretMatcher(new Set());
    const key = `${client.upstream.label}\u0000${className}`;
    const cached = passwords.get(key);
    if (cached && cached.until > Date.now()) return secretMatcher(cached.keys);
    try {
      const validation = await client.validate(className, {
        'connector.class': className,
        topics: 'getPlugins',
      });
      const keys = passwordKeys(validation);
      passwords.set(key, { keys, until: Date.now() + PASSWORD_KEYS_TTL_MS });
      return secretMatcher(keys);
    } catch (error) {
      if (isNotFound(error)) return secretMatcher(new Set());
      throw error;
    }
  };

  const statusOrNone = (client: ConnectClient, name: string): Promise<ConnectorStatus | undefined> =>
    client.status(name).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });

  const definition = async (cluster: string, connectId: string, name: string): Promise<ConnectDefinition> => {
    const client = worker(cluster, connectId);
    const [info, status] = await Promise.all([client.info(name), statusOrNone(client, name)]);
    return toConnectDefinition(info, status, await secretsOf(client, info.config['connector.class']));
  };

  /** Checks configs with the worker's validate call; a refusal lists every field's errors (400). */
  const validated = async (client: ConnectClient, configs: Record<string, string>) => {
    const className = configs['connector.class'] ?? '';
    try {
      const errors = validationErrors(await client.validate(className, configs));
      if (errors.length) throw invalid(errors, 'CONFLICT');
    } catch (error) {
      if (!isNotFound(error)) throw error;
      throw invalid(
        [{ field: 'body.configs.connector.class', message: (error as Error).message }],
        'CONFLICT',
      );
    }
  };

  /** `sink`, `source`, or undefined when the worker has no such plugin (its validation then refuses it). */
  const pluginType = async (client: ConnectClient, className: string | undefined) => {
    if (!className) return undefined;
    const plugins = await client.plugins();
    return plugins.find((p) => p.class === className || shortClassName(p.class) === className)?.type;
  };

  const findPlugin = async (client: ConnectClient, className: string): Promise<PluginInfo> => {
    const plugins = await client.plugins();
    const info = plugins.find((p) => p.class === className || shortClassName(p.class) === className);
    if (!info) throw notFound(`${client.upstream.label} has no connector plugin '${className}'`);
    return info;
  };

  /** A plugin's form: the definitions its validation reports for `configs` (dynamic ones included). */
  const describePlugin = async (
    client: ConnectClient,
    info: PluginInfo,
    configs?: Record<string, string>,
  ) => {
    // Without configs, AKHQ's placeholder `topics` keeps a sink's validation from failing on it; with the
    // caller's configs, a missing `topics` is one of the errors to show.
    const validation = await client.validate(info.class, {
      ...(configs ?? { topics: 'getPlugins' }),
      'connector.class': info.class,
    });
    return toPlugin(info, validation, configs !== undefined);
  };

  return {
    connects: (clusterId?: string): ConnectRef[] => {
      if (clusterId !== undefined && !config.clusters[clusterId])
        throw notFound(`Cluster '${clusterId}' not found`);
      return Object.entries(config.clusters)
        .filter(([id]) => clusterId === undefined || id === clusterId)
        .flatMap(([id, c]) => c.connect.map((w) => ({ cluster: id, name: w.name })));
    },

    /** `allow` is the caller's connector patterns (docs/security.md#list-filtering). */
    async list(
      cluster: string,
      connectId: string,
      query: ConnectListQuery,
      url: string,
      allow: NameFilter = () => true,
    ): Promise<ConnectDefinitionList> {
      const client = worker(cluster, connectId);
      const matches = nameMatcher(query.search);
      const all = await client.expanded();
      const names = Object.keys(all)
        .filter((n) => allow(n) && matches(n))
        .sort(byName);
      const cut = pageOf(names, query.page, config.pagination.pageSize, url);
      const onPage = cut.results.flatMap((n) => all[n] ?? []);
      const results = await mapLimit(onPage, PARALLEL, async ({ info, status }) =>
        toConnectDefinition(info, status, await secretsOf(client, info.config['connector.class'])),
      );
      return { ...cut, results };
    },

    definition,

    /** Each connector's topics, for the data-flow map (flows.ts). */
    flows: (cluster: string, connectId: string) => connectorFlows(worker(cluster, connectId)),

    /** `authorize` sees the config to store and the plugin's type, and throws to refuse it. */
    async create(
      cluster: string,
      connectId: string,
      body: { name: string; configs: Record<string, string> },
      authorize: Authorize = () => undefined,
    ): Promise<ConnectDefinition> {
      const client = worker(cluster, connectId);
      const { configs, unresolved } = restoreSecrets({ ...body.configs, name: body.name }, {});
      if (unresolved.length) throw invalid(unresolved);
      authorize(configs, await pluginType(client, configs['connector.class']));
      await validated(client, configs);
      await client.create(body.name, configs);
      return definition(cluster, connectId, body.name);
    },

    async delete(cluster: string, connectId: string, name: string): Promise<void> {
      await worker(cluster, connectId).delete(name);
    },

    async tasks(cluster: string, connectId: string, name: string): Promise<ConnectTask[]> {
      return toTasks(name, await worker(cluster, connectId).status(name));
    },

    async configs(cluster: string, connectId: string, name: string): Promise<Record<string, string>> {
      const client = worker(cluster, connectId);
      const configs = await client.config(name);
      return maskSecrets(configs, await secretsOf(client, configs['connector.class']));
    },

    /** A full replacement; masked secrets keep their stored values and references are stored as sent. */
    async updateConfigs(
      cluster: string,
      connectId: string,
      name: string,
      sent: Record<string, string>,
      authorize: Authorize = () => undefined,
    ): Promise<ConnectDefinition> {
      const client = worker(cluster, connectId);
      const stored = await client.config(name);
      const { configs, unresolved } = restoreSecrets(sent, stored);
      if (unresolved.length) throw invalid(unresolved);
      authorize(configs, await pluginType(client, configs['connector.class'] ?? stored['connector.class']));
      await validated(client, { ...configs, name });
      await client.updateConfig(name, configs);
      return definition(cluster, connectId, name);
    },

    pause: (cluster: string, connectId: string, name: string): Promise<void> =>
      worker(cluster, connectId).pause(name),
    resume: (cluster: string, connectId: string, name: string): Promise<void> =>
      worker(cluster, connectId).resume(name),
    restart: (cluster: string, connectId: string, name: string): Promise<void> =>
      worker(cluster, connectId).restart(name),
    restartTask: (cluster: string, connectId: string, name: string, task: number): Promise<void> =>
      worker(cluster, connectId).restartTask(name, task),
    ...connectOperations(worker),

    async plugins(cluster: string, connectId: string): Promise<ConnectPlugin[]> {
      const client = worker(cluster, connectId);
      return mapLimit(await client.plugins(), PARALLEL, (info) => describePlugin(client, info));
    },

    async plugin(cluster: string, connectId: string, className: string): Promise<ConnectPlugin> {
      const client = worker(cluster, connectId);
      return describePlugin(client, await findPlugin(client, className));
    },

    async validate(
      cluster: string,
      connectId: string,
      className: string,
      configs: Record<string, string>,
    ): Promise<ConnectPlugin> {
      const client = worker(cluster, connectId);
      return describePlugin(client, await findPlugin(client, className), configs);
    },
  };
}

export type ConnectService = ReturnType<typeof connectService>;
