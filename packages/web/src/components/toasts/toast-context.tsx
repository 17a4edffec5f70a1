import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return <ToastContext value={store}>{children}</ToastContext>;
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToasts needs a ToastProvider');
  return store;
}

/** Success notices come from feature code; errors are toasted centrally by the query client. */
export function useToasts() {
  const store = useToastStore();
  return useMemo(
    () => ({
      success: (message: string) => store.show('success', message),
      warning: (message: string) => store.show('warning', message),
      error: (message: string) => store.show('error', message),
      dismissWarnings: () => store.dismissKind('warning'),
    }),
    [store],
  );
}
