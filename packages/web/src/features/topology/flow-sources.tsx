import type { Topology } from '@console/contract';

const age = (ms: number) =>
  ms < 1_000
    ? 'just now'
    : ms < 60_000
      ? `${Math.round(ms / 1_000)} s ago`
      : `${Math.round(ms / 60_000)} min ago`;

const NAMES: Record<string, string> = {
  'consumer-groups': 'Consumer groups',
  'share-groups': 'Share groups',
  'streams-groups': 'Streams groups',
  connect: 'Connect',
  ksqldb: 'ksqlDB',
  transactions: 'Transactions',
  producers: 'Producers',
};

/** What the map was built from and how old each part is; a source that failed says so, the map stays. */
export function FlowSources({ map }: { map: Topology }) {
  return (
    <details className="flow-sources">
      <summary>
        Sources{map.sources.some((s) => s.error) ? ' (some did not answer)' : ''}
        {map.truncated ? ` · only the first ${map.maxNodes} nodes are shown` : ''}
      </summary>
      <ul>
        {map.sources.map((s) => (
          <li key={`${s.name}/${s.owner ?? ''}`}>
            <strong>{NAMES[s.name] ?? s.name}</strong>
            {s.owner ? ` ${s.owner}` : ''}: {s.ageMs !== undefined ? `read ${age(s.ageMs)}` : 'not read'}
            {s.error ? <span className="flow-source-error"> · {s.error}</span> : null}
            {s.note ? <span className="muted"> · {s.note}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
