type Place = { pathname: string; search: string };

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * docs/behaviour.md#navigation: on leaving any page other than login, remember its path and query as the
 * return-to location. Query changes within a page are not a leave.
 */
export function returnToOnLeave(previous: Place, next: Place): string | null {
  if (trim(previous.pathname) === trim(next.pathname)) return null;
  if (trim(previous.pathname) === '/login') return null;
  return previous.pathname + previous.search;
}
