import type { Auths, Me } from '@console/contract';
import { createContext, useContext } from 'react';

export type Session = { auths: Auths; me: Me };

export const SessionContext = createContext<Session | null>(null);

/** Auth settings and the current user; available below SessionGate once both have loaded. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionGate');
  return session;
}
