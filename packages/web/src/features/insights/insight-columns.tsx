import type { Insight } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import {
  KIND_LABELS,
  OBJECT_TYPE_LABELS,
  objectPath,
  SEVERITY_LABELS,
  SEVERITY_TONES,
} from './insight-labels';

const column = createColumnHelper<Insight>();

/** The findings table: severity, what was found, the object it is about (a link to it), facts, advice. */
export function insightColumns(cluster: string) {
  return [
    column.accessor('severity', {
      header: 'Severity',
      meta: { shrink: true },
      cell: ({ getValue }) => <Badge tone={SEVERITY_TONES[getValue()]}>{SEVERITY_LABELS[getValue()]}</Badge>,
    }),
    column.accessor('kind', { header: 'Finding', cell: ({ getValue }) => KIND_LABELS[getValue()] }),
    column.accessor((f) => f.object.name, {
      id: 'object',
      header: 'Object',
      cell: ({ row: { original: f } }) => (
        <span className="insights__object">
          <span className="insights__object-type">{OBJECT_TYPE_LABELS[f.object.type]}</span>{' '}
          <Link to={objectPath(cluster, f.object, f.kind)}>{f.object.name}</Link>
          {f.object.topic !== undefined && (
            <span className="insights__object-topic">on {f.object.topic}</span>
          )}
        </span>
      ),
    }),
    column.accessor((f) => f.evidence.join('; '), {
      id: 'evidence',
      header: 'Evidence',
      cell: ({ row: { original: f } }) => (
        <ul className="insights__evidence">
          {f.evidence.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    }),
    column.accessor('advice', { header: 'Advice' }),
  ];
}
