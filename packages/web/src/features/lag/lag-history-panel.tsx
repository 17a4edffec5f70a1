import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Spinner } from '../../components/spinner';
import { parseSearchParams } from '../../lib/url-state';
import { LAG_RANGES, type LagRange, lagHistoryQuery } from './api';
import { LagChart, type LagLine } from './lag-chart';

const RangeState = z.object({
  range: z.enum(Object.keys(LAG_RANGES) as [LagRange, ...LagRange[]]).catch('1h'),
});
const LABELS: Record<LagRange, string> = { '1h': '1 h', '24h': '24 h', '7d': '7 d' };

/** The range (1 h, 24 h, 7 d) kept in the address as `?range=`. */
function useLagRange(): [LagRange, (range: LagRange) => void] {
  const [params, setParams] = useSearchParams();
  const { range } = parseSearchParams(RangeState, params);
  const set = (next: LagRange) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('range', next);
        return copy;
      },
      { replace: true },
    );
  return [range, set];
}

function RangeButtons({ range, onChange }: { range: LagRange; onChange: (r: LagRange) => void }) {
  return (
    <fieldset className="chart-ranges" aria-label="Lag history range">
      {(Object.keys(LABELS) as LagRange[]).map((r) => (
        <button key={r} type="button" className="btn" aria-pressed={r === range} onClick={() => onChange(r)}>
          {LABELS[r]}
        </button>
      ))}
    </fieldset>
  );
}

const describe = (lines: readonly LagLine[], what: string, range: LagRange) =>
  lines.length === 0
    ? `No lag samples for ${what} in the last ${LABELS[range]}.`
    : `Lag of ${what} over the last ${LABELS[range]}: ${lines
        .map(
          (l) =>
            `${l.name} now ${(l.points.at(-1)?.lag ?? 0).toLocaleString('en')}, highest ${Math.max(...l.points.map((p) => p.lag)).toLocaleString('en')}`,
        )
        .join('; ')}.`;

function Panel({
  title,
  range,
  onRange,
  children,
}: {
  title: string;
  range: LagRange;
  onRange: (r: LagRange) => void;
  children: React.ReactNode;
}) {
  return (
    <section className="lag-panel" aria-label={title}>
      <div className="lag-panel__head">
        <h2 className="lag-panel__title">{title}</h2>
        <RangeButtons range={range} onChange={onRange} />
      </div>
      {children}
    </section>
  );
}

const spanOf = (to: number, range: LagRange) => ({ from: to - LAG_RANGES[range], to });

function failureText(error: unknown): string {
  const message = (error as { message?: string } | null)?.message;
  return message ? `Lag history is unavailable: ${message}` : 'Lag history is unavailable.';
}

/** A group's lag per topic over 1 h / 24 h / 7 d (group page). */
export function GroupLagPanel({ cluster, group }: { cluster: string; group: string }) {
  const [range, setRange] = useLagRange();
  const history = useQuery(lagHistoryQuery(cluster, group, range));
  const lines = useMemo(() => {
    const byTopic = new Map<string, { timestamp: number; lag: number }[]>();
    for (const p of history.data?.points ?? []) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p]);
    return [...byTopic].map(([name, points]) => ({ name, points }));
  }, [history.data]);
  return (
    <Panel title="Lag history" range={range} onRange={setRange}>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p className="lag-panel__note">{failureText(history.error)}</p>
      ) : (
        <LagChart
          lines={lines}
          summary={describe(lines, `group ${group}`, range)}
          span={spanOf(history.dataUpdatedAt, range)}
        />
      )}
    </Panel>
  );
}

/** The lag on one topic of the groups reading it (the first `max`), over 1 h / 24 h / 7 d (topic's groups tab). */
export function TopicLagPanel({
  cluster,
  topic,
  groups,
  max = 8,
}: {
  cluster: string;
  topic: string;
  groups: readonly string[];
  max?: number;
}) {
  const [range, setRange] = useLagRange();
  const shown = groups.slice(0, max);
  const answers = useQueries({ queries: shown.map((g) => lagHistoryQuery(cluster, g, range)) });
  const updated = answers.map((a) => a.dataUpdatedAt).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers change identity every render; `updated` says when their data did
  const lines = useMemo(
    () =>
      shown.map((name, i) => ({
        name,
        points: (answers[i]?.data?.points ?? []).filter((p) => p.topic === topic),
      })),
    [updated, shown.join('\u0000'), topic],
  );
  const failed = answers.find((a) => a.isError);
  return (
    <Panel title="Lag history of these groups" range={range} onRange={setRange}>
      {groups.length > max && (
        <p className="lag-panel__note">
          The first {max} of {groups.length} groups.
        </p>
      )}
      {answers.some((a) => a.isPending) ? (
        <Spinner />
      ) : failed ? (
        <p className="lag-panel__note">{failureText(failed.error)}</p>
      ) : (
        <LagChart
          lines={lines}
          summary={describe(lines, `the groups on topic ${topic}`, range)}
          span={spanOf(Math.max(...answers.map((a) => a.dataUpdatedAt)), range)}
        />
      )}
    </Panel>
  );
}
