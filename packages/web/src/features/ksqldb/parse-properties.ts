/**
 * Properties are `key=value` lines (docs/behaviour.md#ksqldb): only lines containing '=' count, split into
 * key and value at the first '='.
 */
export function parseProperties(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('='))
    .map(
      (line) => [line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim()] as const,
    )
    .filter(([key]) => key !== '');
  return Object.fromEntries(entries);
}
