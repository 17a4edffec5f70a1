/**
 * Normalises the deployment prefix to start and end with '/' (docs/behaviour.md#deployment-prefix: default
 * '/').
 */
export function normaliseBasePath(raw: string | null | undefined): string {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '' || trimmed === '/') return '/';
  return `/${trimmed.replace(/^\/+|\/+$/g, '')}/`;
}

/** Joins path segments, URL-encoding each one, e.g. `apiPath(cluster, 'node')`. */
export function apiPath(...segments: (string | number)[]): string {
  return segments.map((s) => encodeURIComponent(String(s))).join('/');
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Builds a query string, skipping empty values and repeating array values. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
