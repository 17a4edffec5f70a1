/**
 * The flags production starts Node with: `node --max-semi-space-size=4 packages/server/dist/main.js`
 * (package.json `start`, the Dockerfile, scripts/demo.ts and the benchmarks' console process; a unit test
 * keeps package.json and the Dockerfile in step). Semi-spaces of 4 MiB instead of 16 keep a record scan's
 * young generation small: 30 scans of tests/bench/search's topic held RSS flat at 152 to 156 MiB, against
 * 190 to 205 MiB and rising with the default (both with main.ts's heap growing factor), at the same rate.
 * Unlike the flags main.ts sets, V8 reads this one only when the process starts.
 */
export const NODE_FLAGS = ['--max-semi-space-size=4'] as const;
