/**
 * AKHQ's client links to `…/acls/{btoa(principal)}` without URL-encoding it, so a base64 `/` splits the
 * path (AKHQ itself then answers 404). The only route under `acls/` takes one segment, so every `/`
 * after it is part of the base64: it is encoded before routing.
 */
export function principalPathRewriter(prefix: string): (url: string) => string {
  const start = `${prefix}/api/`;
  return (url) => {
    if (!url.startsWith(start)) return url;
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const found = /^([^/]+\/acls\/)([A-Za-z0-9+/]+={0,2})$/.exec(path.slice(start.length));
    if (!found?.[2]?.includes('/')) return url;
    return `${start}${found[1]}${found[2].replaceAll('/', '%2F')}${query < 0 ? '' : url.slice(query)}`;
  };
}
