import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { storageKeys, writeStorage } from '../../../api/storage';
import { documentTitle } from './page-titles';
import { returnToOnLeave } from './return-to';

/**
 * Side effects of moving between pages (docs/behaviour.md#navigation): remember the return-to location,
 * cancel requests nobody waits for any more, and set the document title. Queries of an unmounted page are
 * aborted by react-query itself through the `signal` every query function passes to fetch.
 */
export function NavigationEffects() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const previous = useRef(location);

  useEffect(() => {
    const returnTo = returnToOnLeave(previous.current, location);
    if (returnTo !== null) writeStorage('session', storageKeys.returnTo, returnTo);
    previous.current = location;
    document.title = documentTitle(location.pathname);
    void queryClient.cancelQueries({
      predicate: (query) => query.getObserversCount() === 0 && query.state.fetchStatus === 'fetching',
    });
  }, [location, queryClient]);

  return null;
}
