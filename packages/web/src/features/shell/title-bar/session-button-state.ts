import type { Me } from '@console/contract';

export type SessionButtonState =
  | { kind: 'login' }
  | { kind: 'logout'; label: string }
  | { kind: 'user'; label: string }
  | { kind: 'none' };

/**
 * The title bar (docs/behaviour.md#session): Login, '{user} (Logout)', or a disabled user button when login
 * is off.
 */
export function sessionButtonState(loginEnabled: boolean, me: Me): SessionButtonState {
  if (loginEnabled) {
    return me.logged ? { kind: 'logout', label: `${me.username ?? 'default'} (Logout)` } : { kind: 'login' };
  }
  return me.username ? { kind: 'user', label: me.username } : { kind: 'none' };
}
