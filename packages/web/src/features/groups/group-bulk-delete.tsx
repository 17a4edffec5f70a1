import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPath } from '../../api/base-path';
import { apiRequest } from '../../api/http';
import { BulkBar } from '../../components/bulk-actions/bulk-bar';
import { BulkDialog } from '../../components/bulk-actions/bulk-dialog';
import { groupKeys } from './api';

type Props = { cluster: string; selected: string[]; onClear: () => void };

/** Deletes the ticked groups, one request each (the server checks each group); says which failed and why. */
export function GroupBulkDelete({ cluster, selected, onClear }: Props) {
  const client = useQueryClient();
  const [items, setItems] = useState<string[] | null>(null);
  return (
    <>
      <BulkBar count={selected.length} noun="group" onClear={onClear}>
        <button type="button" className="btn btn--danger" onClick={() => setItems(selected)}>
          Delete
        </button>
      </BulkBar>
      <BulkDialog
        items={items}
        title="Delete consumer groups"
        verb="Delete"
        noun="group"
        danger
        run={(group) => apiRequest(apiPath(cluster, 'group', group), { method: 'DELETE' })}
        onDone={() => {
          onClear();
          void client.invalidateQueries({ queryKey: groupKeys.all(cluster) });
        }}
        onClose={() => setItems(null)}
      />
    </>
  );
}
