import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type BulkOutcome, runEach } from './bulk-outcome';
import '../confirm-dialog/confirm-dialog.css';
import './bulk-actions.css';

type Props = {
  /** Open with these items; null closes. */
  items: readonly string[] | null;
  /** e.g. 'Delete topics' */
  title: string;
  /** e.g. 'Delete'; also names the button. */
  verb: string;
  /** What the items are, e.g. 'topic' (pluralised with an s). */
  noun: string;
  danger?: boolean;
  /** Fields asked before running (a config change's key and value); the button waits for `ready`. */
  form?: ReactNode;
  ready?: boolean;
  run: (item: string) => Promise<unknown>;
  /** After the run, whatever the outcome (reload the list). */
  onDone: () => void;
  onClose: () => void;
};

/** One confirmation naming every item, then each item's outcome: which worked, which failed and why. */
export function BulkDialog(props: Props) {
  const { items, title, verb, noun, run, onDone, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const [outcomes, setOutcomes] = useState<BulkOutcome[] | null>(null);
  const [running, setRunning] = useState(false);
  const open = items !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setOutcomes(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const start = async () => {
    if (!items) return;
    setRunning(true);
    setOutcomes([]);
    await runEach(items, run, setOutcomes);
    setRunning(false);
    onDone();
  };
  const failed = outcomes?.filter((o) => !o.ok).length ?? 0;
  const finished = outcomes !== null && !running;
  const plural = `${noun}${items?.length === 1 ? '' : 's'}`;

  return (
    <dialog
      ref={ref}
      className="confirm-dialog bulk-dialog"
      aria-labelledby="bulk-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!running) onClose();
      }}
    >
      <h2 id="bulk-dialog-title" className="confirm-dialog__title">
        {title}
      </h2>
      {outcomes === null ? (
        <p className="confirm-dialog__message">
          {verb} these {items?.length ?? 0} {plural}?
        </p>
      ) : (
        <p className="confirm-dialog__message" role="status">
          {running
            ? `${outcomes.length} of ${items?.length ?? 0} done…`
            : failed
              ? `${failed} of ${outcomes.length} failed.`
              : `All ${outcomes.length} done.`}
        </p>
      )}
      <ul className="bulk-dialog__items" aria-label={`Selected ${noun}s`}>
        {(items ?? []).map((item) => {
          const outcome = outcomes?.find((o) => o.item === item);
          return (
            <li
              key={item}
              className={outcome ? `bulk-dialog__item--${outcome.ok ? 'ok' : 'failed'}` : undefined}
            >
              <span className="bulk-dialog__name">{item}</span>
              {outcome && (
                <span className="bulk-dialog__outcome">
                  {outcome.ok ? 'done' : `failed: ${outcome.message}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {outcomes === null && props.form}
      <div className="confirm-dialog__actions">
        {finished ? (
          <button type="button" className="btn btn--primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={onClose} disabled={running}>
              Cancel
            </button>
            <button
              type="button"
              className={props.danger ? 'btn btn--danger' : 'btn btn--primary'}
              onClick={() => void start()}
              disabled={running || props.ready === false}
            >
              {verb} {items?.length ?? 0} {plural}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
