export type Theme = 'light' | 'dark';

/** The stored choice wins; otherwise the operating system's preference. */
export function initialTheme(stored: string | null, prefersDark: boolean): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark ? 'dark' : 'light';
}
