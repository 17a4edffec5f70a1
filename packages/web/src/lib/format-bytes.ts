const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** Human-readable size, base 1024, B to YB (docs/behaviour.md#formats-and-constants). */
export function formatBytes(bytes: number, decimals = 3): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes === 0) return '0 B';
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  const exponent = Math.min(Math.floor(Math.log(abs) / Math.log(1024)), units.length - 1);
  const value = abs / 1024 ** Math.max(exponent, 0);
  const rounded = Number.parseFloat(value.toFixed(Math.max(decimals, 0)));
  return `${sign}${rounded} ${units[Math.max(exponent, 0)]}`;
}
