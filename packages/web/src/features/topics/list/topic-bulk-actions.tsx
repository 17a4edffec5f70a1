import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../auth/cluster-context';
import { BulkBar } from '../../../components/bulk-actions/bulk-bar';
import { BulkDialog } from '../../../components/bulk-actions/bulk-dialog';
import { nodeKeys } from '../../nodes/api';
import { topicKeys } from '../api';
import { topicBulkRequests } from './bulk-requests';

type Kind = 'delete' | 'empty' | 'config';
type Props = { cluster: string; selected: string[]; onClear: () => void };

const TITLES: Record<Kind, { title: string; verb: string }> = {
  delete: { title: 'Delete topics', verb: 'Delete' },
  empty: { title: 'Empty topics', verb: 'Empty' },
  config: { title: 'Change a config of topics', verb: 'Update' },
};

/** Delete, empty or change one config of the ticked topics; each outcome shown. */
export function TopicBulkActions({ cluster, selected, onClear }: Props) {
  const client = useQueryClient();
  const canDelete = useCan('TOPIC', 'DELETE');
  const canEmpty = useCan('TOPIC_DATA', 'DELETE');
  const canAlter = useCan('TOPIC', 'ALTER_CONFIG');
  const [kind, setKind] = useState<Kind | null>(null);
  const [items, setItems] = useState<string[] | null>(null);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const requests = topicBulkRequests(cluster);
  const open = (next: Kind) => {
    setKind(next);
    setItems(selected);
  };
  const run =
    kind === 'config'
      ? requests.config(key.trim(), value)
      : kind === 'empty'
        ? requests.empty
        : requests.delete;
  const done = () => {
    if (kind === 'delete') onClear();
    void client.invalidateQueries({ queryKey: topicKeys.all(cluster) });
    void client.invalidateQueries({ queryKey: nodeKeys.all(cluster) });
  };

  return (
    <>
      <BulkBar count={selected.length} noun="topic" onClear={onClear}>
        {canAlter && (
          <button type="button" className="btn" onClick={() => open('config')}>
            Change config
          </button>
        )}
        {canEmpty && (
          <button type="button" className="btn" onClick={() => open('empty')}>
            Empty
          </button>
        )}
        {canDelete && (
          <button type="button" className="btn btn--danger" onClick={() => open('delete')}>
            Delete
          </button>
        )}
      </BulkBar>
      <BulkDialog
        items={items}
        title={kind ? TITLES[kind].title : ''}
        verb={kind ? TITLES[kind].verb : ''}
        noun="topic"
        danger={kind !== 'config'}
        ready={kind !== 'config' || key.trim() !== ''}
        form={
          kind === 'config' && (
            <div className="bulk-form">
              <label>
                Config name
                <input
                  className="input"
                  value={key}
                  onChange={(e) => setKey(e.target.value)}
                  placeholder="retention.ms"
                />
              </label>
              <label>
                New value
                <input className="input" value={value} onChange={(e) => setValue(e.target.value)} />
              </label>
            </div>
          )
        }
        run={run}
        onDone={done}
        onClose={() => setItems(null)}
      />
    </>
  );
}
