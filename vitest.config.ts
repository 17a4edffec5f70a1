import { defineConfig } from 'vitest/config';

// Every test sees the same clock zone as CI (docs/style.md#tests-on-real-infrastructure).
process.env.TZ = 'UTC';

const stack = './tests/stack/global-setup.ts';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'tests/stack/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: [stack],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: [stack],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [stack],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // A group of its own, never beside the integration files: on 2 cores that made timing flaky.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // A 3-broker cluster restarted one broker at a time under load (tests/cluster/): a minute and more
          // of JVM starts, so it runs in `pnpm test:cluster` (CLUSTER_TESTS=1), not in every CI run.
          name: 'cluster',
          include: process.env.CLUSTER_TESTS === '1' ? ['tests/cluster/**/*.test.ts'] : [],
          globalSetup: [stack],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // Brokers of other Kafka releases (tests/stack/versions/), each started by the test file itself:
          // no stack. BROKER_VERSIONS picks them (3.9.1 unless set; `pnpm test:brokers` runs all). A first
          // run fetches the release's jars (10 s or so) before its broker starts.
          name: 'brokers',
          include: ['tests/brokers/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Last and alone: a broker start and each CLI call is a JVM, which on 2 cores would slow the others.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
