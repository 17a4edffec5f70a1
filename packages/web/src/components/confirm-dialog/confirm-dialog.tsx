import { type ReactNode, useEffect, useRef } from 'react';
import './confirm-dialog.css';

type Props = {
  open: boolean;
  title?: string;
  /** e.g. 'Do you want to delete topic: {id} ?' */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Modal confirmation on the native <dialog> (focus trap, Escape and backdrop come with it). */
export function ConfirmDialog(props: Props) {
  const { open, title = 'Confirm', message, busy = false, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-dialog-title" className="confirm-dialog__title">
        {title}
      </h2>
      <div className="confirm-dialog__message">{message}</div>
      <div className="confirm-dialog__actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={props.danger ? 'btn btn--danger' : 'btn btn--primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {props.confirmLabel ?? 'OK'}
        </button>
      </div>
    </dialog>
  );
}
