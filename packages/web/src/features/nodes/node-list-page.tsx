import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { useClusterScope } from '../../auth/cluster-context';
import { formatSort, parseSort } from '../../components/data-table/sort-param';
import { ListPage } from '../../components/list-page/list-page';
import { parseSearchParams } from '../../lib/url-state';
import { nodeListQuery, nodePartitionsQuery } from './api';
import { nodeColumns, sortableNodeColumns } from './node-columns';
import { type NodeRow, toNodeRows } from './node-rows';
import { QuorumPanel } from './quorum-panel';

const SearchState = z.object({ sort: z.string().catch('') });

/** The brokers; the Partitions column fills in when the leader stats answer. */
export function NodeListPage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sorting = parseSort(parseSearchParams(SearchState, params).sort, sortableNodeColumns);
  const nodes = useQuery(nodeListQuery(cluster.id));
  const stats = useQuery(nodePartitionsQuery(cluster.id));
  const rows = useMemo(() => nodes.data && toNodeRows(nodes.data, stats.data), [nodes.data, stats.data]);

  const actions = useMemo(
    () => ({
      details: (node: NodeRow) => navigate(`/${encodeURIComponent(cluster.id)}/node/${node.id}`),
    }),
    [navigate, cluster.id],
  );
  const sort = (next: SortingState) => {
    const value = formatSort(next);
    setParams(value ? { sort: value } : {}, { replace: true });
  };

  return (
    <ListPage
      title="Nodes"
      query={nodes}
      rows={rows}
      table={{
        label: 'Nodes',
        columns: nodeColumns,
        getRowId: (node) => String(node.id),
        rowName: (node) => `node ${node.id}`,
        sorting,
        onSortingChange: sort,
        actions,
      }}
    >
      <QuorumPanel cluster={cluster.id} />
    </ListPage>
  );
}
