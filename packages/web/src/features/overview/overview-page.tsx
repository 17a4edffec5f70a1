import type { ClusterOverview } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/spinner';
import { formatBytes } from '../../lib/format-bytes';
import { InsightTiles } from '../insights/insight-tiles';
import { overviewQuery } from './api';
import { FigureTile } from './figure-tile';
import './overview.css';

const count = (n: number) => n.toLocaleString('en');
/** The brokers' releases, each once: two during a rolling upgrade. */
const kafkaVersions = (brokers: ClusterOverview['brokers']) =>
  [...new Set(brokers.map((b) => b.version ?? 'unknown'))].join(', ');
const topicList = (cluster: string, query: string) => `/${encodeURIComponent(cluster)}/topic?${query}`;

/** The cluster's landing page: every figure from GET /api/{cluster}/overview. */
export function OverviewPage() {
  const { cluster } = useClusterScope();
  const overview = useQuery(overviewQuery(cluster.id));
  return (
    <Page title="Overview">
      {overview.data ? (
        <OverviewFigures cluster={cluster.id} data={overview.data} />
      ) : overview.isError ? (
        <p>The overview could not be loaded.</p>
      ) : (
        <Spinner label="Loading the overview" />
      )}
    </Page>
  );
}

function OverviewFigures({ cluster, data }: { cluster: string; data: ClusterOverview }) {
  const base = `/${encodeURIComponent(cluster)}`;
  const { topics, groups } = data;
  const all = 'topicListView=ALL';
  return (
    <div className="overview">
      <InsightTiles cluster={cluster} />
      {data.brokers.length > 0 && (
        <section className="overview__section" aria-labelledby="overview-brokers">
          <h2 id="overview-brokers">Brokers</h2>
          <div className="overview__tiles">
            <FigureTile label="Brokers" value={count(data.brokers.length)} to={`${base}/node`} />
            <FigureTile
              label="Controller"
              value={data.controller >= 0 ? String(data.controller) : 'unknown'}
              to={data.controller >= 0 ? `${base}/node/${data.controller}` : undefined}
            />
            <FigureTile
              label="Kafka version"
              value={kafkaVersions(data.brokers)}
              note="a guess from API versions"
            />
            <FigureTile label="Racks" value={data.racks.length ? data.racks.join(', ') : 'none'} />
            {data.size !== undefined && (
              <FigureTile
                label="Size on disk"
                value={formatBytes(data.size)}
                to={topicList(cluster, `${all}&sort=size&order=desc`)}
              />
            )}
          </div>
          <table className="overview__brokers" aria-label="Brokers">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Host</th>
                <th scope="col">Rack</th>
                <th scope="col">Version</th>
                <th scope="col" className="num">
                  Replicas
                </th>
                <th scope="col" className="num">
                  Leaders
                </th>
                <th scope="col" className="num">
                  Size on disk
                </th>
              </tr>
            </thead>
            <tbody>
              {data.brokers.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={`${base}/node/${b.id}`}>{b.id}</Link>
                    {b.controller && <span className="overview__badge">controller</span>}
                  </td>
                  <td>
                    {b.host}:{b.port}
                  </td>
                  <td>{b.rack ?? ''}</td>
                  <td>{b.version ?? 'unknown'}</td>
                  <td className="num">{count(b.partitions)}</td>
                  <td className="num">{count(b.leaders)}</td>
                  <td className="num">{b.size === undefined ? 'unknown' : formatBytes(b.size)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="overview__section" aria-labelledby="overview-topics">
        <h2 id="overview-topics">Topics and partitions</h2>
        <div className="overview__tiles">
          <FigureTile label="Topics" value={count(topics.count)} to={topicList(cluster, all)} />
          <FigureTile label="Internal topics" value={count(topics.internal)} to={topicList(cluster, all)} />
          {data.written24h !== undefined && (
            <FigureTile
              label="Records written (24 h)"
              value={count(data.written24h)}
              note="from the time index"
              to={topicList(cluster, `${all}&sort=traffic&order=desc`)}
            />
          )}
          <FigureTile
            label="Partitions"
            value={count(topics.partitions)}
            to={topicList(cluster, `${all}&sort=partitions&order=desc`)}
          />
          <FigureTile
            label="Under-replicated partitions"
            value={count(topics.underReplicated)}
            tone={topics.underReplicated ? 'bad' : undefined}
            to={topicList(cluster, `${all}&sort=underReplicated&order=desc`)}
          />
          <FigureTile
            label="Offline partitions"
            value={count(topics.offline)}
            tone={topics.offline ? 'bad' : undefined}
            to={topicList(cluster, `${all}&sort=underReplicated&order=desc`)}
          />
          <FigureTile
            label="Under min ISR"
            value={count(topics.underMinIsr)}
            tone={topics.underMinIsr ? 'bad' : undefined}
            to={topicList(cluster, `${all}&sort=underReplicated&order=desc`)}
          />
        </div>
      </section>
      {groups && (
        <section className="overview__section" aria-labelledby="overview-groups">
          <h2 id="overview-groups">Consumer groups</h2>
          <div className="overview__tiles">
            <FigureTile label="Consumer groups" value={count(groups.count)} to={`${base}/group`} />
            {Object.entries(groups.byState)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([state, n]) => (
                <FigureTile
                  key={state}
                  label={state.replaceAll('_', ' ').toLowerCase()}
                  value={count(n)}
                  to={`${base}/group?sort=state`}
                />
              ))}
          </div>
        </section>
      )}
    </div>
  );
}
