import { formatBytes } from '../../lib/format-bytes';
import { formatDuration } from '../../lib/format-duration';

/** Display kinds (spec part 1 §3): '.ms' is a duration, '.size' (and '.bytes') a size, else text. */
export type ConfigDisplayKind = 'MILLI' | 'BYTES' | 'TEXT';

export function configKind(name: string): ConfigDisplayKind {
  if (name.endsWith('.ms')) return 'MILLI';
  if (name.endsWith('.size') || name.endsWith('.bytes')) return 'BYTES';
  return 'TEXT';
}

/**
 * The humanised form shown beside a value, e.g. '1 week' or '1 GB'; null for text and for the
 * sentinels Kafka uses for 'no limit' (-1, Long.MAX_VALUE).
 */
export function humanisedValue(name: string, value: string | undefined): string | null {
  const kind = configKind(name);
  if (kind === 'TEXT' || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) return null;
  return kind === 'MILLI' ? formatDuration(n) : formatBytes(n);
}
