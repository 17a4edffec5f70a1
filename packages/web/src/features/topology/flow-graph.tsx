import type { Topology } from '@console/contract';
import { type KeyboardEvent, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { layoutMap, NODE_HEIGHT, NODE_WIDTH, type Placed } from './layout';
import { KIND_LABELS, KIND_MARKS, nodePath } from './node-paths';

type Props = { cluster: string; map: Topology; focus?: string; label: string };

const shorten = (text: string, max = 22) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The map drawn as SVG: writers on the left, readers on the right. Each node is a link (Tab moves in
 * reading order; arrow keys move to the nearest node that way) named "<kind> <name>", its kind written
 * in it, never told by colour alone.
 */
export function FlowGraph({ cluster, map, focus, label }: Props) {
  const laid = useMemo(() => layoutMap(map), [map]);
  const svg = useRef<SVGSVGElement>(null);

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.key];
    const current = (event.target as Element).closest('[data-node]')?.getAttribute('data-node');
    if (!dir || !current) return;
    const from = laid.nodes.find((n) => n.id === current);
    if (!from) return;
    const [dx = 0, dy = 0] = dir;
    const best = nearest(laid.nodes, from, dx, dy);
    if (!best) return;
    event.preventDefault();
    const target = svg.current?.querySelector<SVGElement>(`[data-node="${CSS.escape(best.id)}"]`);
    target?.focus();
  };

  if (map.nodes.length === 0) return <p className="muted">Nothing on the map you may see.</p>;
  return (
    <section className="flow-graph" aria-label={label}>
      <svg
        ref={svg}
        width={laid.width}
        height={laid.height}
        viewBox={`0 0 ${laid.width} ${laid.height}`}
        onKeyDown={onKeyDown}
      >
        <title>{label}</title>
        <defs>
          <marker
            id="flow-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="flow-arrow" />
          </marker>
        </defs>
        {laid.edges.map((e) => (
          <polyline
            key={`${e.from}>${e.to}>${e.kind}`}
            className={`flow-edge flow-edge-${e.kind}`}
            points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
            markerEnd="url(#flow-arrow)"
          />
        ))}
        {laid.nodes.map((n) => (
          <FlowNode key={n.id} cluster={cluster} node={n} focused={n.id === focus} />
        ))}
      </svg>
    </section>
  );
}

function FlowNode({ cluster, node, focused }: { cluster: string; node: Placed; focused: boolean }) {
  const x = node.x - NODE_WIDTH / 2;
  const y = node.y - NODE_HEIGHT / 2;
  const kind = KIND_LABELS[node.kind];
  const body = (
    <>
      <title>{`${kind} ${node.name}`}</title>
      <rect
        x={x}
        y={y}
        width={NODE_WIDTH}
        height={NODE_HEIGHT}
        rx={node.kind === 'topic' ? 4 : 14}
        className="flow-box"
      />
      <text x={x + 10} y={y + 18} className="flow-kind">
        {`${KIND_MARKS[node.kind]} ${kind}`}
      </text>
      <text x={x + 10} y={y + 36} className="flow-name">
        {shorten(node.name)}
      </text>
    </>
  );
  const path = nodePath(cluster, node);
  const className = `flow-node flow-node-${node.kind}${focused ? ' flow-node-start' : ''}`;
  return path ? (
    // Named by its <title> (the full name; the drawn one may be cut short).
    <Link to={path} className={className} data-node={node.id}>
      {body}
    </Link>
  ) : (
    // A nameless producer opens nothing: an image with its name, not a stop for the keyboard.
    <g className={className} data-node={node.id}>
      {body}
    </g>
  );
}

function nearest(nodes: readonly Placed[], from: Placed, dx: number, dy: number): Placed | undefined {
  let best: Placed | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const n of nodes) {
    const ax = n.x - from.x;
    const ay = n.y - from.y;
    const along = ax * dx + ay * dy;
    if (n.id === from.id || along <= 0) continue;
    const across = Math.abs(ax * dy) + Math.abs(ay * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return best;
}
