import { normaliseBasePath } from './base-path';

/**
 * The server rewrites `<meta name="base-path">` and `<base href>` to the deployment prefix, so the
 * same build runs under `/` or `/kafka/`.
 */
export const basePath = normaliseBasePath(
  document.querySelector('meta[name="base-path"]')?.getAttribute('content'),
);

export const routerBasename = `${basePath}ui`;

export function apiUrl(path: string): string {
  return `${basePath}api/${path}`;
}

export function rootUrl(path: string): string {
  return `${basePath}${path}`;
}
