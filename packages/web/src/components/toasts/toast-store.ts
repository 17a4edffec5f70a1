export type ToastKind = 'success' | 'warning' | 'error';

export type Toast = { id: number; kind: ToastKind; message: string; persistent: boolean };

type Listener = () => void;

/**
 * Success and warning toasts close by themselves; errors stay until closed
 * (docs/behaviour.md#errors-and-messages).
 */
export const toastLifetimeMs: Record<ToastKind, number | null> = {
  success: 4000,
  warning: 8000,
  error: null,
};

const maxToasts = 5;

/** An observable list of toasts, usable from React and from the query cache's error handler. */
export class ToastStore {
  #toasts: readonly Toast[] = [];
  #listeners = new Set<Listener>();
  #nextId = 1;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly Toast[] => this.#toasts;

  /** Shows a toast unless the same one is already shown; returns its id. */
  show(kind: ToastKind, message: string): number {
    const same = this.#toasts.find((t) => t.kind === kind && t.message === message);
    if (same) return same.id;
    const toast: Toast = { id: this.#nextId++, kind, message, persistent: toastLifetimeMs[kind] === null };
    this.#set([...this.#toasts, toast].slice(-maxToasts));
    return toast.id;
  }

  readonly dismiss = (id: number): void => {
    this.#set(this.#toasts.filter((t) => t.id !== id));
  };

  /** Closes every toast of a kind, e.g. the warnings about a session that has just changed. */
  readonly dismissKind = (kind: ToastKind): void => {
    this.#set(this.#toasts.filter((t) => t.kind !== kind));
  };

  #set(next: readonly Toast[]): void {
    this.#toasts = next;
    for (const listener of this.#listeners) listener();
  }
}
