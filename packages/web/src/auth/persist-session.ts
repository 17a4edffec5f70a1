import { permissionMap } from '@console/contract';
import { storageKeys, writeStorage } from '../api/storage';
import { sessionUser } from './permissions';
import type { Session } from './session-context';

/** Mirrors the session into sessionStorage under its fixed keys (`logged`, `user`, `roles`, `version`). */
export function persistSession({ auths, me }: Session): void {
  writeStorage('session', storageKeys.logged, String(me.logged));
  writeStorage('session', storageKeys.user, sessionUser(me));
  writeStorage('session', storageKeys.roles, JSON.stringify(permissionMap(me.roles ?? [])));
  writeStorage('session', storageKeys.version, auths.version);
}
