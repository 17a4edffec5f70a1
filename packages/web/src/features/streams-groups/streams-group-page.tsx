import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import { streamsGroupQuery, useDeleteStreamsGroup } from './api';
import { streamsGroupPath } from './paths';
import { ProtocolBadge, StateBadge } from './streams-badges';
import { MembersTable, OffsetsTable, Subtopologies } from './streams-group-tables';
import { StreamsResetPanel } from './streams-reset-panel';
import './streams-groups.css';

const TABS = [
  { key: 'members', label: 'Members & tasks' },
  { key: 'topology', label: 'Subtopologies' },
  { key: 'offsets', label: 'Offsets & lag' },
] as const;

/** A Streams app: its members and tasks, the topics of each subtopology, lag per input partition; reset and delete. */
export function StreamsGroupPage() {
  const { cluster } = useClusterScope();
  const params = useParams();
  const group = params.streamsGroupId ?? '';
  const tab = TABS.some((t) => t.key === params.tab) ? (params.tab as string) : 'members';
  const navigate = useNavigate();
  const detail = useQuery(streamsGroupQuery(cluster.id, group));
  const canReset = useCan('CONSUMER_GROUP', 'UPDATE_OFFSET');
  const canDelete = useCan('CONSUMER_GROUP', 'DELETE');
  const remove = useDeleteStreamsGroup(cluster.id);
  const [deleting, setDeleting] = useState(false);
  const data = detail.data;
  const inactive = data !== undefined && data.members.length === 0 && data.state === 'EMPTY';
  const table = { group: data, loading: detail.isPending, failed: detail.isError };

  return (
    <Page title={`Streams App: ${group}`}>
      {data && (
        <dl className="streams-summary">
          <div>
            <dt>Protocol</dt>
            <dd>
              <ProtocolBadge protocol={data.protocol} />
            </dd>
          </div>
          <div>
            <dt>State</dt>
            <dd>
              <StateBadge state={data.state} />
            </dd>
          </div>
          <div>
            <dt>Members</dt>
            <dd>{data.members.length}</dd>
          </div>
          {data.groupEpoch !== undefined && (
            <div>
              <dt>Group epoch</dt>
              <dd>{data.groupEpoch}</dd>
            </div>
          )}
          {data.assignmentEpoch !== undefined && (
            <div>
              <dt>Assignment epoch</dt>
              <dd>{data.assignmentEpoch}</dd>
            </div>
          )}
          <div>
            <dt>Total lag</dt>
            <dd>{data.offsets.reduce((sum, o) => sum + o.lag, 0)}</dd>
          </div>
        </dl>
      )}
      {canDelete && data && (
        <div className="streams-summary__actions">
          <button
            type="button"
            className="btn btn--danger"
            disabled={!inactive}
            title={inactive ? undefined : 'Only while the application is stopped'}
            onClick={() => setDeleting(true)}
          >
            Delete group
          </button>
        </div>
      )}
      <UrlTabs
        label="Streams app views"
        tabs={TABS}
        active={tab}
        href={(key) => streamsGroupPath(cluster.id, group, key)}
        replace
      >
        {tab === 'members' && <MembersTable {...table} />}
        {tab === 'topology' && data && <Subtopologies cluster={cluster.id} group={data} />}
        {tab === 'offsets' && (
          <>
            <OffsetsTable {...table} />
            {canReset && data && <StreamsResetPanel cluster={cluster.id} group={data} />}
          </>
        )}
      </UrlTabs>
      <ConfirmDialog
        open={deleting}
        danger
        confirmLabel="Delete"
        busy={remove.isPending}
        message={`Delete the group of Streams app ${group} and its committed offsets? Its internal topics stay.`}
        onConfirm={() =>
          remove.mutate(group, {
            onSuccess: () => navigate(`/${encodeURIComponent(cluster.id)}/streams-group`),
            onSettled: () => setDeleting(false),
          })
        }
        onCancel={() => setDeleting(false)}
      />
    </Page>
  );
}
