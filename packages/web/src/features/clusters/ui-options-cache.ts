import { UiOptions } from '@console/contract';
import { z } from 'zod';
import { readStorage, storageKeys, writeStorage } from '../../api/storage';

export const defaultUiOptions: UiOptions = { topic: {}, topicData: { dateTimeFormat: 'RELATIVE' } };

// localStorage 'uiOptions' holds one entry per cluster; a malformed entry is simply not used.
const Cache = z.record(z.string(), z.unknown()).catch({});

function readCache(): Record<string, unknown> {
  const raw = readStorage('local', storageKeys.uiOptions);
  if (!raw) return {};
  try {
    return Cache.parse(JSON.parse(raw));
  } catch {
    return {};
  }
}

export function readCachedUiOptions(cluster: string): UiOptions | undefined {
  const parsed = UiOptions.safeParse(readCache()[cluster]);
  return parsed.success ? parsed.data : undefined;
}

export function writeCachedUiOptions(cluster: string, options: UiOptions): void {
  writeStorage('local', storageKeys.uiOptions, JSON.stringify({ ...readCache(), [cluster]: options }));
}
