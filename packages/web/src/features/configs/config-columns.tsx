import type { ConfigEntry } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge } from '../../components/badge';
import { ConfigValueCell } from './config-value-cell';

const column = createColumnHelper<ConfigEntry>();

// Kafka's descriptions carry HTML links; they are shown as plain text, never as markup.
const plain = (html: string) => html.replace(/<[^>]*>/g, '');

export const configColumns = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <div className="config-name">
        <code className="config-name__key">{row.original.name}</code>
        {row.original.description && (
          <small className="config-name__doc" title={plain(row.original.description)}>
            {plain(row.original.description)}
          </small>
        )}
      </div>
    ),
  }),
  column.accessor('value', { header: 'Value', cell: ({ row }) => <ConfigValueCell config={row.original} /> }),
  column.accessor('source', {
    header: 'Type',
    cell: ({ row }) => (
      <div className="config-type">
        <Badge tone={row.original.source === 'DEFAULT_CONFIG' ? 'neutral' : 'info'}>
          {row.original.source}
        </Badge>
        <span className="config-type__kind">{row.original.type}</span>
        {row.original.readOnly && <Badge tone="warning">read only</Badge>}
        {row.original.sensitive && <Badge tone="danger">sensitive</Badge>}
      </div>
    ),
  }),
];
