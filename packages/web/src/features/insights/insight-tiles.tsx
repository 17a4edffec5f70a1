import { useQuery } from '@tanstack/react-query';
import { FigureTile } from '../overview/figure-tile';
import { insightListQuery } from './api';
import { SEVERITY_LABELS } from './insight-labels';

const SEVERITIES = ['critical', 'warning', 'info'] as const;

/** The overview's Insights section: findings per severity, each linking to the Insights page filtered to it. */
export function InsightTiles({ cluster }: { cluster: string }) {
  const insights = useQuery(insightListQuery(cluster, { page: 1 }));
  const summary = insights.data?.summary;
  const base = `/${encodeURIComponent(cluster)}/insights`;
  return (
    <section className="overview__section" aria-labelledby="overview-insights">
      <h2 id="overview-insights">Insights</h2>
      <div className="overview__tiles">
        {SEVERITIES.map((s) => (
          <FigureTile
            key={s}
            label={`${SEVERITY_LABELS[s]} findings`}
            value={summary ? summary[s].toLocaleString('en') : insights.isError ? 'unknown' : '…'}
            tone={s === 'critical' && summary?.critical ? 'bad' : undefined}
            to={`${base}?severity=${s}`}
          />
        ))}
      </div>
    </section>
  );
}
