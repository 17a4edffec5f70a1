import { Icon, type IconName } from '../icon';
import { withObject } from './object-name';
import { type RowActionKind, type RowActions, rowActionKinds } from './types';

const labels: Record<RowActionKind, string> = {
  add: 'Add',
  details: 'Details',
  config: 'Configuration',
  edit: 'Edit',
  restart: 'Restart',
  copy: 'Copy',
  share: 'Share',
  download: 'Download',
  delete: 'Delete',
};

const icons: Record<RowActionKind, IconName> = {
  add: 'add',
  details: 'details',
  config: 'settings',
  edit: 'edit',
  restart: 'restart',
  copy: 'copy',
  share: 'share',
  download: 'download',
  delete: 'delete',
};

type Props<T> = {
  row: T;
  actions: RowActions<T>;
  /** The row's object ("topic demo.orders"): each button is named with it. */
  name?: string | undefined;
};

export function RowActionButtons<T>({ row, actions, name }: Props<T>) {
  return (
    <div className="row-actions">
      {rowActionKinds.map((kind) => {
        const run = actions[kind];
        if (!run) return null;
        return (
          <button
            key={kind}
            type="button"
            className={`btn btn--ghost btn--icon row-actions__${kind}`}
            title={withObject(labels[kind], name)}
            aria-label={withObject(labels[kind], name)}
            onClick={() => run(row)}
            onDoubleClick={(event) => event.stopPropagation()}
          >
            <Icon name={icons[kind]} />
          </button>
        );
      })}
    </div>
  );
}
