import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Page } from '../../components/layout/page';
import { DepthSelect, FlowView } from './flow-view';

/**
 * The cluster's data-flow map (docs/topology.md): it starts from a search, never from the whole cluster,
 * which may hold tens of thousands of topics and groups.
 */
export function DataFlowPage() {
  const { cluster } = useClusterScope();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const n = Number(params.get('depth'));
  const depth = n >= 1 && n <= 3 ? Math.trunc(n) : 1;
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next, ...(depth > 1 ? { depth: String(depth) } : {}) } : {});
  };
  return (
    <Page title="Data flow">
      <form className="flow-toolbar" aria-label="Data flow search" onSubmit={submit}>
        <label className="flow-search">
          <span>Topic, group, connector or query</span>
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name contains…"
          />
        </label>
        <button type="submit" className="btn btn--primary">
          Show
        </button>
        <DepthSelect
          depth={depth}
          onChange={(d) =>
            setParams({ ...(q ? { q } : {}), ...(d > 1 ? { depth: String(d) } : {}) }, { replace: true })
          }
        />
      </form>
      {q ? (
        <FlowView cluster={cluster.id} start={{ q }} depth={depth} label={`Data flow around '${q}'`} />
      ) : (
        <p className="muted">
          Search for a topic, consumer group, connector or ksqlDB query to see what reads and writes it.
        </p>
      )}
    </Page>
  );
}
