import { parseConfig } from '../platform/config/load.ts';
import type { Config } from '../platform/config/schema.ts';

/** A valid config whose only cluster listens nowhere (port 1 refuses at once), for tests that need no broker. */
export function testConfig(overrides: Record<string, unknown> = {}): Config {
  return parseConfig({
    clusters: { local: { properties: { 'bootstrap.servers': '127.0.0.1:1' } } },
    ...overrides,
  });
}
