import { defineConfig } from 'vitest/config';

// Every test sees the same clock zone as CI (STYLE §11).
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
    ],
  },
});
