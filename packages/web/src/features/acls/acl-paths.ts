import { encodeBase64Utf8 } from '../../lib/base64';

const enc = encodeURIComponent;

/** Router paths of the ACL screens (docs/behaviour.md#menu-and-routes); the principal travels in base64. */
export const aclPaths = {
  list: (cluster: string) => `/${enc(cluster)}/acls`,
  create: (cluster: string) => `/${enc(cluster)}/acls/create`,
  principal: (cluster: string, principal: string, tab?: string) =>
    `/${enc(cluster)}/acls/${enc(encodeBase64Utf8(principal))}${tab ? `/${tab}` : ''}`,
};
