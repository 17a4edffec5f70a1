import { useEffect, useSyncExternalStore } from 'react';
import { Icon } from '../icon';
import { useToastStore } from './toast-context';
import { type Toast, toastLifetimeMs } from './toast-store';
import './toasts.css';

export function ToastViewport() {
  const store = useToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <section className="toasts" aria-label="Notifications">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismiss={store.dismiss} />
      ))}
    </section>
  );
}

const icons = { success: 'check', warning: 'alert', error: 'error' } as const;

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  const lifetime = toastLifetimeMs[toast.kind];
  useEffect(() => {
    if (lifetime === null) return;
    const timer = window.setTimeout(() => dismiss(toast.id), lifetime);
    return () => window.clearTimeout(timer);
  }, [lifetime, dismiss, toast.id]);

  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <Icon name={icons[toast.kind]} className="toast__icon" />
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dismiss(toast.id)}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
