import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { applySavedSearch, parseTopicListUrl, readSavedSearch, topicListUrl } from './list/topic-list-search';

/**
 * A kept search overrides the address once, when the list opens (docs/behaviour.md#topic-list); later
 * searches and history moves are left alone. False until the address holds the search to run.
 */
export function useSavedSearchOnLoad(): boolean {
  const [params, setParams] = useSearchParams();
  const [redirect] = useState(() => applySavedSearch(parseTopicListUrl(params), readSavedSearch()));
  const [ready, setReady] = useState(redirect === null);
  const done = useRef(redirect === null);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (redirect) setParams(topicListUrl(redirect), { replace: true });
    setReady(true);
  }, [redirect, setParams]);

  return ready;
}
