import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { authsQuery, meQuery } from './api';
import { persistSession } from './persist-session';
import { SessionContext } from './session-context';

/** Renders the console only once the auth settings and the current user are known. */
export function SessionGate({ children }: { children: ReactNode }) {
  const auths = useQuery(authsQuery());
  const me = useQuery(meQuery());
  const session = useMemo(
    () => (auths.data && me.data ? { auths: auths.data, me: me.data } : null),
    [auths.data, me.data],
  );

  useEffect(() => {
    if (session) persistSession(session);
  }, [session]);

  if (session) return <SessionContext value={session}>{children}</SessionContext>;
  if (auths.isError || me.isError) {
    return (
      <LoadingScreen>
        <p>The console server cannot be reached.</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            void auths.refetch();
            void me.refetch();
          }}
        >
          Retry
        </button>
      </LoadingScreen>
    );
  }
  return <LoadingScreen />;
}
