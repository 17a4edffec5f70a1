/**
 * The browser storage keys; their names are fixed (`topicListSearch`, `produceToTopicValues`:
 * docs/behaviour.md).
 */
export const storageKeys = {
  token: 'jwtToken',
  toast: 'toast',
  returnTo: 'returnTo',
  theme: 'theme',
  menuExpanded: 'menuExpanded',
  uiOptions: 'uiOptions',
  logged: 'logged',
  user: 'user',
  roles: 'roles',
  version: 'version',
  topicListSearch: 'topicListSearch',
  produceToTopicValues: 'produceToTopicValues',
} as const;

type Area = 'local' | 'session';

// Storage can throw (disabled cookies, private mode, quota); the console must keep working without it.
function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this page.
  }
}

export function removeStorage(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Reads and removes a value in one step, for one-shot messages such as the login toast. */
export function takeStorage(kind: Area, key: string): string | null {
  const value = readStorage(kind, key);
  if (value !== null) removeStorage(kind, key);
  return value;
}
