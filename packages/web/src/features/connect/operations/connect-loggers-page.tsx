import { type ConnectLogger, LoggerLevel } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { DataTable } from '../../../components/data-table/data-table';
import type { AnyColumnDef } from '../../../components/data-table/types';
import { Page } from '../../../components/layout/page';
import { loggersQuery, useSetLogger } from '../api';
import '../connect.css';

type Scope = 'worker' | 'cluster';
const column = createColumnHelper<ConnectLogger>();

/**
 * A Connect worker's loggers and levels (docs/behaviour.md#connector-offsets-and-stop): filtered by name
 * (kept in the address), each level a select for callers with CONNECT_CLUSTER ALTER_CONFIG, applied to
 * this worker or, Connect 3.7+, every worker of the Connect cluster.
 */
export function ConnectLoggersPage() {
  const { cluster } = useClusterScope();
  const { connectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const loggers = useQuery(loggersQuery(cluster.id, connectId));
  const canAlter = useCan('CONNECT_CLUSTER', 'ALTER_CONFIG');
  const setLevel = useSetLogger(cluster.id, connectId);
  const [scope, setScope] = useState<Scope>('worker');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return loggers.data?.filter((l) => l.name.toLowerCase().includes(needle));
  }, [loggers.data, search]);
  const columns = useMemo<AnyColumnDef<ConnectLogger>[]>(
    () => [
      column.accessor('name', {
        header: 'Logger',
        cell: ({ getValue }) => <span className="connect-logger">{getValue()}</span>,
      }),
      column.accessor('level', {
        header: 'Level',
        meta: { shrink: true },
        cell: ({ row }) =>
          canAlter ? (
            <select
              className="select"
              aria-label={`Level of ${row.original.name}`}
              value={row.original.level}
              disabled={setLevel.isPending}
              onChange={(event) =>
                setLevel.mutate({
                  logger: row.original.name,
                  level: LoggerLevel.parse(event.target.value),
                  scope,
                })
              }
            >
              {LoggerLevel.options.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          ) : (
            row.original.level
          ),
      }),
      column.accessor('lastModified', {
        header: 'Last set',
        cell: ({ getValue }) => {
          const at = getValue();
          return at === undefined ? '—' : `${new Date(at).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
        },
      }),
    ],
    [canAlter, scope, setLevel],
  );

  return (
    <Page title={`Connect: ${connectId} loggers`}>
      <div className="connect-loggers__filters">
        <label className="connect-loggers__filter">
          <span>Search loggers</span>
          <input
            className="input"
            type="search"
            value={search}
            onChange={(event) =>
              setParams(event.target.value ? { search: event.target.value } : {}, { replace: true })
            }
          />
        </label>
        {canAlter && (
          <label className="connect-loggers__filter">
            <span>Apply a change to</span>
            <select
              className="select"
              value={scope}
              onChange={(event) => setScope(event.target.value === 'cluster' ? 'cluster' : 'worker')}
            >
              <option value="worker">this worker</option>
              <option value="cluster">every worker (Connect 3.7+)</option>
            </select>
          </label>
        )}
      </div>
      <DataTable
        label="Loggers"
        data={shown}
        columns={columns}
        getRowId={(l) => l.name}
        loading={loggers.isPending}
        failed={loggers.isError}
        emptyText="No loggers match"
      />
    </Page>
  );
}
