import { formatBytes } from '../../lib/format-bytes';
import { formatDuration } from '../../lib/format-duration';

/**
 * Display kinds (docs/behaviour.md#configs): '.ms' is a duration, '.size' (and '.bytes') a size, else text.
 */
export type ConfigDisplayKind = 'MILLI' | 'BYTES' | 'TEXT';

export function configKind(name: string): ConfigDisplayKind {
  if (name.endsWith('.ms')) return 'MILLI';
  if (name.endsWith('.size') || name.endsWith('.bytes')) return 'BYTES';
  return 'TEXT';
}

/** Java's Long.MAX_VALUE, which Kafka uses for 'never' (flush.ms, segment.ms, max.compaction.lag.ms...). */
const LONG_MAX = '9223372036854775807';

/**
 * The humanised form shown beside a value, e.g. '1 week' or '1 GB'; 'no limit' for Long.MAX_VALUE; null
 * for text and for -1 (whose meaning depends on the key).
 */
export function humanisedValue(name: string, value: string | undefined): string | null {
  if (value?.trim() === LONG_MAX) return 'no limit';
  const kind = configKind(name);
  if (kind === 'TEXT' || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) return null;
  return kind === 'MILLI' ? formatDuration(n) : formatBytes(n);
}
