import { readStorage, storageKeys, writeStorage } from '../api/storage';
import { initialTheme, type Theme } from './theme';

/** Applied from the bundle before the first render: the CSP forbids an inline script in index.html. */
export function applyStartupTheme(): void {
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  applyTheme(initialTheme(readStorage('local', storageKeys.theme), prefersDark));
}

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  writeStorage('local', storageKeys.theme, theme);
}
