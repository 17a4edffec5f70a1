import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useCan, useClusterScope } from '../../../auth/cluster-context';
import { useToasts } from '../../../components/toasts/toast-context';
import { schemaIdQuery } from '../api';

type Props = { kind: 'Key' | 'Value'; id: string; topic: string };

// Many rows share a schema: the warning goes out once per id, not once per badge.
const warned = new Set<string>();

/** A schema id that links to its subject once the registry has named it (docs/behaviour.md#data-tab). */
export function SchemaBadge({ kind, id, topic }: Props) {
  const { cluster } = useClusterScope();
  const canRead = useCan('SCHEMA', 'READ') && cluster.registry;
  const subject = useQuery({ ...schemaIdQuery(cluster.id, id, topic), enabled: canRead });
  const toasts = useToasts();
  useEffect(() => {
    const seen = `${cluster.id}/${id}`;
    if (!subject.isError || warned.has(seen)) return;
    warned.add(seen);
    toasts.warning(`Unable to find the registry schema with id ${id} !`);
  }, [subject.isError, toasts, cluster.id, id]);

  const text = `${kind}: ${id}`;
  const name = subject.data?.subject;
  if (!name) {
    return <span className="badge badge--neutral">{text}</span>;
  }
  return (
    <Link
      className="badge badge--info"
      title={`${name} v${subject.data?.version}`}
      to={`/${encodeURIComponent(cluster.id)}/schema/details/${encodeURIComponent(name)}`}
    >
      {text}
    </Link>
  );
}
