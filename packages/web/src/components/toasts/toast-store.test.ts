import { describe, expect, it } from 'vitest';
import { ToastStore } from './toast-store';

describe('ToastStore', () => {
  it('keeps errors persistent and others transient', () => {
    const store = new ToastStore();
    store.show('error', 'boom');
    store.show('success', 'done');
    expect(store.getSnapshot().map((t) => [t.kind, t.persistent])).toEqual([
      ['error', true],
      ['success', false],
    ]);
  });

  it('does not stack the same message twice', () => {
    const store = new ToastStore();
    const first = store.show('warning', 'Topic not found');
    expect(store.show('warning', 'Topic not found')).toBe(first);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('notifies listeners on dismiss', () => {
    const store = new ToastStore();
    let calls = 0;
    store.subscribe(() => calls++);
    const id = store.show('error', 'x');
    store.dismiss(id);
    expect(calls).toBe(2);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('closes every toast of one kind, keeping the others', () => {
    const store = new ToastStore();
    store.show('warning', 'Wrong Username or Password!');
    store.show('warning', 'another');
    store.show('success', 'Logged out successfully');
    store.dismissKind('warning');
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['Logged out successfully']);
  });
});
