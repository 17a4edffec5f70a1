import { useLocation, useNavigate } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';

const enc = encodeURIComponent;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Cluster, connect and ksqlDB pickers; the current value comes from the URL
 * (docs/behaviour.md#menu-and-routes).
 */
export function ClusterPickers() {
  const { cluster, clusters } = useClusterScope();
  const navigate = useNavigate();
  // Listed by the cluster (docs/behaviour.md#menu-and-routes) and readable, or picking one would only reach
  // not-found.
  const connects = useCan('CONNECTOR', 'READ') ? (cluster.connects ?? []) : [];
  const ksqldbs = useCan('KSQLDB', 'READ') ? (cluster.ksqldbs ?? []) : [];
  const [, , area, name] = useLocation().pathname.split('/');
  // The one in the URL, else the first, as for clusters.
  const current = (of: string, names: string[]) =>
    area === of && name ? safeDecode(name) : (names[0] ?? '');

  return (
    <div className="side-menu__pickers">
      <Picker
        label="Cluster"
        value={cluster.id}
        options={clusters.map((c) => c.id)}
        onPick={(id) => navigate(`/${enc(id)}/topic`)}
      />
      {connects.length ? (
        <Picker
          label="Connect"
          value={current('connect', connects)}
          options={connects}
          onPick={(id) => navigate(`/${enc(cluster.id)}/connect/${enc(id)}`)}
        />
      ) : null}
      {ksqldbs.length ? (
        <Picker
          label="ksqlDB"
          value={current('ksqldb', ksqldbs)}
          options={ksqldbs}
          onPick={(id) => navigate(`/${enc(cluster.id)}/ksqldb/${enc(id)}`)}
        />
      ) : null}
    </div>
  );
}

type PickerProps = { label: string; value: string; options: string[]; onPick: (value: string) => void };

function Picker({ label, value, options, onPick }: PickerProps) {
  return (
    <label className="side-menu__picker">
      <span>{label}</span>
      <select className="select" value={value} onChange={(event) => onPick(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
