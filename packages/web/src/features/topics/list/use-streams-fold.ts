import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { streamsGroupListQuery } from '../../streams-groups/api';
import { foldStreamsTopics } from './streams-fold';
import type { TopicRow } from './topic-rows';

/**
 * The page's rows, folded per Streams app when `on`: the apps come from the Streams apps list (its first
 * page, which names each app's internal topics); an app beyond it is still recognised by its generated
 * topic names (streams-fold.ts).
 */
export function useStreamsFold(cluster: string, rows: TopicRow[], on: boolean) {
  const apps = useQuery({ ...streamsGroupListQuery(cluster, { search: '', page: 1 }), enabled: on });
  const folded = useMemo(
    () => (on ? foldStreamsTopics(rows, apps.data?.results ?? []) : rows),
    [on, rows, apps.data],
  );
  return { on, rows: folded };
}
