import { parse as parseYaml } from 'yaml';

const PREFIX = 'CONSOLE_';

/**
 * Applies `CONSOLE_A__B__C=value` variables onto the parsed YAML: `__` separates levels, each level is
 * matched case-insensitively against existing keys, else written as camelCase; values are YAML scalars
 * (so `CONSOLE_SERVER__PORT=9090` is a number). Under a `properties` map `_` becomes `.`, so
 * `CONSOLE_CLUSTERS__LOCAL__PROPERTIES__BOOTSTRAP_SERVERS` sets `bootstrap.servers`.
 * `PORT` alone overrides `server.port`, as container platforms set it.
 */
export function applyEnvOverrides(raw: unknown, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const root: Record<string, unknown> = isObject(raw) ? structuredClone(raw) : {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(PREFIX) || value === undefined) continue;
    setPath(root, name.slice(PREFIX.length).split('__'), parseYaml(value) as unknown);
  }
  if (env.PORT) setPath(root, ['server', 'port'], Number(env.PORT));
  return root;
}

function setPath(root: Record<string, unknown>, segments: string[], value: unknown) {
  let node = root;
  segments.forEach((segment, i) => {
    const inProperties = segments[i - 1]?.toLowerCase() === 'properties';
    const key =
      existingKey(node, segment) ??
      (inProperties ? segment.toLowerCase().replaceAll('_', '.') : camel(segment));
    if (i === segments.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    node[key] = isObject(next) ? next : {};
    node = node[key] as Record<string, unknown>;
  });
}

function existingKey(node: Record<string, unknown>, segment: string): string | undefined {
  const wanted = segment.toLowerCase().replaceAll('_', '');
  return Object.keys(node).find((k) => k.toLowerCase().replaceAll(/[_.-]/g, '') === wanted);
}

function camel(segment: string): string {
  return segment.toLowerCase().replaceAll(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
