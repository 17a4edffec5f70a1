import type { ScramUser } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { ListPage } from '../../components/list-page/list-page';
import { SearchBar, useSearchPage } from '../../components/search-bar/search-bar';
import { aclPaths } from '../acls/acl-paths';
import { scramUserListQuery, useDeleteScramUser, useUpsertScramUser } from './api';
import { initialScramUserValues } from './scram-user-form';
import { ScramUserFormView } from './scram-user-form-view';
import '../topics/topics.css';
import '../quotas/ops.css';

const column = createColumnHelper<ScramUser>();

const credentialsColumn = column.display({
  id: 'credentials',
  header: 'Credentials',
  cell: ({ row }) => (
    <span className="badges">
      {row.original.credentials.map((c) => (
        <Badge key={c.mechanism} tone="neutral">
          {`${c.mechanism} · ${c.iterations.toLocaleString('en')} iterations`}
        </Badge>
      ))}
    </span>
  ),
});

/**
 * Users with SCRAM credentials (docs/security.md#scram-users): mechanisms and iterations only, since Kafka
 * keeps no password to show. Search and page live in the address; the ACL pages link here by user.
 */
export function ScramUserListPage() {
  const { cluster } = useClusterScope();
  const url = useSearchPage();
  const list = useQuery(scramUserListQuery(cluster.id, url.params));
  const canUpdate = useCan('SCRAM_USER', 'UPDATE');
  const canDelete = useCan('SCRAM_USER', 'DELETE');
  const canReadAcls = useCan('ACL', 'READ');
  const upsert = useUpsertScramUser(cluster.id);
  const remove = useDeleteScramUser(cluster.id);
  const [doomed, setDoomed] = useState<ScramUser>();
  // A new seed remounts the form: after a save, or to change a listed user's credential.
  const [seed, setSeed] = useState({ n: 0, values: initialScramUserValues() });
  const formRef = useRef<HTMLElement>(null);

  const columns = useMemo(
    () => [
      column.accessor('user', {
        header: 'User',
        cell: ({ getValue }) =>
          canReadAcls ? (
            <Link
              to={aclPaths.principal(cluster.id, `User:${getValue()}`)}
              aria-label={`ACLs of User:${getValue()}`}
            >
              {getValue()}
            </Link>
          ) : (
            getValue()
          ),
      }),
      credentialsColumn,
    ],
    [cluster.id, canReadAcls],
  );
  const actions = useMemo(
    () => ({
      ...(canUpdate
        ? {
            edit: (row: ScramUser) => {
              const first = row.credentials[0];
              setSeed((s) => ({
                n: s.n + 1,
                values: initialScramUserValues({
                  user: row.user,
                  ...(first ? { mechanism: first.mechanism, iterations: first.iterations } : {}),
                }),
              }));
              formRef.current?.scrollIntoView({ block: 'start' });
              requestAnimationFrame(() => document.getElementById('scram-password')?.focus());
            },
          }
        : {}),
      ...(canDelete ? { delete: (row: ScramUser) => setDoomed(row) } : {}),
    }),
    [canUpdate, canDelete],
  );

  return (
    <ListPage
      title="SCRAM users"
      filters={<SearchBar label="User search" inputLabel="Search users" list={url} pages={list.data?.page} />}
      beforeTable={
        <p className="ops-note">
          Clients log in with these as <code>SCRAM-SHA-256</code> or <code>SCRAM-SHA-512</code>. Kafka keeps
          only a salted hash: a password cannot be shown, only replaced.
        </p>
      }
      query={list}
      rows={list.data?.results}
      table={{
        label: 'SCRAM users',
        columns,
        getRowId: (u) => u.user,
        rowName: (u) => `user ${u.user}`,
        actions,
        emptyText: url.params.search ? 'No SCRAM user matches.' : 'No user has SCRAM credentials.',
      }}
    >
      {canUpdate && (
        <section aria-labelledby="scram-form-title" ref={formRef}>
          <h2 id="scram-form-title" className="ops-section-title">
            Create or change a credential
          </h2>
          <ScramUserFormView
            key={seed.n}
            initial={seed.values}
            busy={upsert.isPending}
            onSubmit={(change) =>
              upsert.mutate(change, {
                onSuccess: () => setSeed((s) => ({ n: s.n + 1, values: initialScramUserValues() })),
              })
            }
          />
        </section>
      )}
      <ConfirmDialog
        open={doomed !== undefined}
        title="Delete SCRAM credentials"
        message={
          doomed &&
          `Do you want to delete every SCRAM credential of ${doomed.user} (${doomed.credentials
            .map((c) => c.mechanism)
            .join(', ')}) ? Clients logging in as ${doomed.user} will be refused.`
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDoomed(undefined)}
        onConfirm={() =>
          doomed && remove.mutate({ user: doomed.user }, { onSettled: () => setDoomed(undefined) })
        }
      />
    </ListPage>
  );
}
