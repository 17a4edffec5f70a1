import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { HeaderAuthConfig } from '../../../platform/config/security.ts';
import { mapGroups } from './group-mapping.ts';

export type HeaderIdentity = { username: string; groups: string[] };

/** `::ffff:10.0.0.1` is the IPv4 peer of a dual-stack socket. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function trustedList(proxies: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies) {
    const [ip = '', bits] = entry.split('/');
    const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(bits), family);
  }
  return list;
}

const headerValue = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * Identity asserted by a reverse proxy in request headers. The headers are believed only when the TCP
 * peer is a configured proxy address (never `X-Forwarded-For`, which any client can write).
 */
export function headerAuthenticator(config: HeaderAuthConfig) {
  const trusted = trustedList(config.trustedProxies);
  return (peer: string | undefined, headers: IncomingHttpHeaders): HeaderIdentity | undefined => {
    if (!peer) return undefined;
    const address = plainAddress(peer);
    if (!trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return undefined;
    const username = headerValue(headers, config.userHeader);
    if (!username) return undefined;
    const raw = config.groupsHeader ? headerValue(headers, config.groupsHeader) : undefined;
    const providerGroups = (raw ?? '')
      .split(config.groupsHeaderSeparator)
      .map((g) => g.trim())
      .filter(Boolean);
    return { username, groups: mapGroups(config, username, providerGroups) };
  };
}
