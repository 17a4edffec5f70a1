import type { z } from 'zod';

/**
 * Parses URL search params with a schema whose fields each `.catch(default)`, so a bad or stale link
 * falls back to defaults instead of crashing the page (docs/style.md#schemas-at-every-boundary).
 */
export function parseSearchParams<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  return schema.parse(raw);
}

/** Writes state back as search params, dropping values equal to their defaults to keep links short. */
export function toSearchParams<T extends Record<string, unknown>>(
  state: T,
  defaults: Partial<T>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}
