import type { LdapConfig } from '../../../platform/config/security.ts';
import { AppError } from '../../../platform/errors.ts';
import { ldapts } from './libraries.ts';

/** RFC 4515 escaping, so a username cannot widen the search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const fill = (template: string, values: string[]) =>
  template.replace(/\{(\d)\}/g, (all, i: string) => values[Number(i)] ?? all);

const texts = (value: Buffer | Buffer[] | string[] | string | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);

export type LdapUser = { username: string; dn: string; groups: string[] };

/**
 * Checks a username and password against the directory: finds the user's entry (bound as the search
 * account), binds as that entry with the password, then reads the groups that list it as a member.
 * Returns undefined for an unknown user or a wrong password; an unreachable directory is a 502.
 */
export async function ldapAuthenticate(
  ldap: LdapConfig,
  username: string,
  password: string,
): Promise<LdapUser | undefined> {
  // An empty password would be an unauthenticated bind, which many directories accept.
  if (!username || !password) return undefined;
  const { Client, InvalidCredentialsError } = await ldapts();
  const options = { url: ldap.url, timeout: ldap.timeoutMs, connectTimeout: ldap.timeoutMs };
  const search = new Client(options);
  try {
    if (ldap.startTls) await search.startTLS();
    if (ldap.bindDn) await search.bind(ldap.bindDn, ldap.bindPassword ?? '');
    const { searchEntries } = await search.search(ldap.userBase, {
      scope: 'sub',
      filter: fill(ldap.userFilter, [escapeFilterValue(username)]),
      attributes: ['dn'],
      sizeLimit: 2,
    });
    const entry = searchEntries.length === 1 ? searchEntries[0] : undefined;
    if (!entry) return undefined;

    const asUser = new Client(options);
    try {
      if (ldap.startTls) await asUser.startTLS();
      await asUser.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return undefined;
      throw error;
    } finally {
      await asUser.unbind().catch(() => undefined);
    }

    const groups = await search.search(ldap.groupBase ?? ldap.userBase, {
      scope: 'sub',
      filter: fill(ldap.groupFilter, [escapeFilterValue(entry.dn), escapeFilterValue(username)]),
      attributes: [ldap.groupNameAttribute],
    });
    return {
      username,
      dn: entry.dn,
      groups: groups.searchEntries.flatMap((g) => texts(g[ldap.groupNameAttribute])),
    };
  } catch (error) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The LDAP directory cannot be reached', { cause: error });
  } finally {
    await search.unbind().catch(() => undefined);
  }
}
