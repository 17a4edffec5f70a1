import { TopicRate } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPath } from '../../../api/base-path';
import { apiRequest } from '../../../api/http';
import { LazyTimeChart } from '../../../components/charts/lazy-time-chart';
import { Spinner } from '../../../components/spinner';
import { topicKeys } from '../api';
import { perStep, TRAFFIC_RANGES, type TrafficRange } from './traffic-range';
import './topic-traffic.css';

function rateQuery(cluster: string, topic: string, range: TrafficRange) {
  return queryOptions({
    queryKey: topicKeys.part(cluster, topic, 'rate', range),
    queryFn: ({ signal }) => {
      const { span, buckets } = TRAFFIC_RANGES[range];
      const to = Date.now();
      const from = span === undefined ? 'earliest' : String(to - span);
      return apiRequest(apiPath(cluster, 'topic', topic, 'rate'), {
        query: { from, to: String(to), buckets: String(buckets) },
        schema: TopicRate,
        signal,
      });
    },
    refetchInterval: 60_000,
  });
}

/**
 * Records written per bucket, counted by the server from the topic's time index (what the topic holds
 * now: records already deleted by retention count 0).
 */
export function TopicTrafficTab({ cluster, topic }: { cluster: string; topic: string }) {
  const [range, setRange] = useState<TrafficRange>('24h');
  const { data, isPending, error } = useQuery(rateQuery(cluster, topic, range));
  const total = data?.buckets.reduce((sum, b) => sum + b.records, 0) ?? 0;
  const unit = data ? perStep(data.step) : '';
  return (
    <section className="topic-traffic" aria-label="Traffic">
      <div className="topic-traffic__head">
        <p className="topic-traffic__total">
          {data ? `${total.toLocaleString('en')} records written, counted ${unit}` : ' '}
        </p>
        <fieldset className="chart-ranges" aria-label="Traffic range">
          {(Object.keys(TRAFFIC_RANGES) as TrafficRange[]).map((r) => (
            <button
              key={r}
              type="button"
              className="btn"
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {TRAFFIC_RANGES[r].label}
            </button>
          ))}
        </fieldset>
      </div>
      {isPending && <Spinner label="Counting records" />}
      {error && <p className="topic-traffic__note">Traffic is unavailable: {error.message}</p>}
      {data && (
        <LazyTimeChart
          bars
          lines={[
            {
              name: `Records ${unit}`,
              points: data.buckets.map((b) => ({ timestamp: Date.parse(b.start), value: b.records })),
            },
          ]}
          span={{ from: Date.parse(data.from), to: Date.parse(data.to) }}
          summary={`Records written to ${topic} ${unit} from ${data.from} to ${data.to}: ${total.toLocaleString('en')} in all, at most ${Math.max(0, ...data.buckets.map((b) => b.records)).toLocaleString('en')} in one bucket.`}
        />
      )}
    </section>
  );
}
