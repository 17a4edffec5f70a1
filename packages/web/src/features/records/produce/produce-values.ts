import type { DataRecord } from '@console/contract';
import { z } from 'zod';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../api/storage';

/**
 * What the row's copy action hands to the Produce page ('produceToTopicValues', docs/behaviour.md#data-tab).
 */
const CopiedRecord = z.object({
  topic: z.string(),
  key: z.string().optional(),
  value: z.string().optional(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })).catch([]),
});
export type CopiedRecord = z.output<typeof CopiedRecord>;

export function saveCopiedRecord(topic: string, record: DataRecord): void {
  const values: CopiedRecord = { topic, headers: record.headers };
  if (record.key !== undefined) values.key = record.key;
  if (record.value !== undefined) values.value = record.value;
  writeStorage('local', storageKeys.produceToTopicValues, JSON.stringify(values));
}

/** The copied record when it is of this topic; the page removes it once read (`clearCopiedRecord`). */
export function readCopiedRecord(topic: string): CopiedRecord | null {
  const raw = readStorage('local', storageKeys.produceToTopicValues);
  if (!raw) return null;
  try {
    const parsed = CopiedRecord.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.topic === topic ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearCopiedRecord(): void {
  removeStorage('local', storageKeys.produceToTopicValues);
}
