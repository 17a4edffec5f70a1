import { AppError } from '../../platform/errors.ts';

/** Who is calling, once authenticated (http/auth/authenticator.ts says how). */
export type Identity = {
  username: string;
  /** Console group names; the bindings are looked up in the config at each request. */
  groups: string[];
  /** `users`, `ldap`, `header`, `oidc:<provider>` or `oauth2:<provider>`. */
  provider: string;
  /** LDAP, OIDC and OAuth2: the provider's own groups, which `groups` was mapped from. */
  providerGroups?: string[];
};

/** A refused call: 403 for a known caller lacking the right, 401 for an anonymous one. */
export function refusal(identity: Identity | null, what: string): AppError {
  return identity
    ? new AppError('FORBIDDEN', `Unauthorized: missing permission on ${what}`)
    : new AppError('UNAUTHORIZED', 'User not authenticated or token expired');
}
