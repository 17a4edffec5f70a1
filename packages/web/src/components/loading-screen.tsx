import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** Full-area state used while the session or cluster list loads, or when nothing can be shown. */
export function LoadingScreen({ children }: { children?: ReactNode }) {
  return (
    <div className="screen-state">
      {children ?? (
        <>
          <Spinner />
          <span>Loading…</span>
        </>
      )}
    </div>
  );
}
