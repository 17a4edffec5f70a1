import { useSearchParams } from 'react-router-dom';
import type { FlowStart } from './api';
import { DepthSelect, FlowView } from './flow-view';

const depthOf = (raw: string | null) => {
  const n = Number(raw);
  return n >= 1 && n <= 3 ? Math.trunc(n) : 1;
};

/** The "Flow" tab of a topic, group or connector: its neighbourhood, the depth kept in the address. */
export function FlowTab({
  cluster,
  start,
  focus,
  label,
}: {
  cluster: string;
  start: FlowStart;
  focus: string;
  label: string;
}) {
  const [params, setParams] = useSearchParams();
  const depth = depthOf(params.get('depth'));
  return (
    <section className="flow-tab">
      <div className="flow-toolbar">
        <DepthSelect
          depth={depth}
          onChange={(d) => setParams(d === 1 ? {} : { depth: String(d) }, { replace: true })}
        />
        <span className="muted">Writers on the left, readers on the right.</span>
      </div>
      <FlowView cluster={cluster} start={start} depth={depth} focus={focus} label={label} />
    </section>
  );
}
