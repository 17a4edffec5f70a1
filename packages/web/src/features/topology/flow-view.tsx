import { useQuery } from '@tanstack/react-query';
import { type FlowStart, topologyQuery } from './api';
import { FlowGraph } from './flow-graph';
import { FlowSources } from './flow-sources';
import './topology.css';

type Props = { cluster: string; start: FlowStart; depth: number; focus?: string; label: string };

/** One map: the graph and its sources, loading and empty states included. */
export function FlowView({ cluster, start, depth, focus, label }: Props) {
  const map = useQuery(topologyQuery(cluster, start, depth));
  if (map.isPending) return <p className="muted">Loading the map…</p>;
  if (!map.data) return <p className="muted">The map could not be loaded.</p>;
  return (
    <>
      <FlowGraph cluster={cluster} map={map.data} focus={focus} label={label} />
      <FlowSources map={map.data} />
    </>
  );
}

/** The depth picker shared by the page and the tabs. */
export function DepthSelect({ depth, onChange }: { depth: number; onChange: (depth: number) => void }) {
  return (
    <label className="flow-depth">
      Depth{' '}
      <select value={depth} onChange={(e) => onChange(Number(e.target.value))}>
        {[1, 2, 3].map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
    </label>
  );
}
