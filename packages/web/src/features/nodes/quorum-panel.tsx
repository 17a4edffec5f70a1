import { FeatureLevels, Quorum } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { capabilitiesQuery } from '../clusters/api';
import { nodeKeys } from './api';
import './quorum-panel.css';

function quorumQuery(cluster: string) {
  return queryOptions({
    queryKey: [...nodeKeys.all(cluster), 'quorum'],
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'quorum'), { schema: Quorum, signal }),
    refetchInterval: 10_000,
    meta: { silent: true },
  });
}

function featuresQuery(cluster: string) {
  return queryOptions({
    queryKey: [...nodeKeys.all(cluster), 'features'],
    queryFn: ({ signal }) => apiRequest(apiPath(cluster, 'features'), { schema: FeatureLevels, signal }),
    meta: { silent: true },
  });
}

const since = (at: string | undefined) => (at ? new Date(at).toLocaleString('en') : 'unknown');

/**
 * The KRaft quorum of the metadata log (leader, epoch, high watermark, each voter's and observer's lag)
 * and the cluster's feature levels; a ZooKeeper cluster, which has no quorum, shows neither.
 */
export function QuorumPanel({ cluster }: { cluster: string }) {
  const kraft = useQuery(capabilitiesQuery(cluster)).data?.features.quorum !== false;
  const quorum = useQuery({ ...quorumQuery(cluster), enabled: kraft });
  const features = useQuery({ ...featuresQuery(cluster), enabled: kraft });
  if (!kraft) return null;
  const replicas = quorum.data
    ? [
        ...quorum.data.voters.map((r) => ({
          ...r,
          role: r.id === quorum.data.leaderId ? 'leader' : 'voter',
        })),
        ...quorum.data.observers.map((r) => ({ ...r, role: 'observer' })),
      ]
    : [];
  return (
    <div className="quorum-panel">
      <section aria-labelledby="quorum-heading">
        <h2 id="quorum-heading">KRaft quorum</h2>
        {quorum.error && (
          <p className="quorum-panel__note">The quorum is unavailable: {quorum.error.message}</p>
        )}
        {quorum.data && (
          <>
            <p className="quorum-panel__note">
              Leader {quorum.data.leaderId}, epoch {quorum.data.leaderEpoch}, high watermark{' '}
              {quorum.data.highWatermark.toLocaleString('en')}
            </p>
            <table className="quorum-panel__table" aria-label="Quorum replicas">
              <thead>
                <tr>
                  <th scope="col">Node</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="num">
                    Log end offset
                  </th>
                  <th scope="col" className="num">
                    Lag
                  </th>
                  <th scope="col">Last caught up</th>
                </tr>
              </thead>
              <tbody>
                {replicas.map((r) => (
                  <tr key={`${r.role}-${r.id}`}>
                    <td>{r.id}</td>
                    <td>{r.role}</td>
                    <td className="num">{r.logEndOffset.toLocaleString('en')}</td>
                    <td className="num">{r.lag.toLocaleString('en')}</td>
                    <td>{since(r.lastCaughtUp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      {features.data && (
        <section aria-labelledby="features-heading">
          <h2 id="features-heading">Feature levels</h2>
          <table className="quorum-panel__table" aria-label="Feature levels">
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col" className="num">
                  Finalized
                </th>
                <th scope="col" className="num">
                  Supported
                </th>
              </tr>
            </thead>
            <tbody>
              {features.data.features.map((f) => (
                <tr key={f.name}>
                  <td>{f.name}</td>
                  <td className="num">{f.finalized ?? 'not set'}</td>
                  <td className="num">
                    {f.supportedMin} to {f.supportedMax}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
