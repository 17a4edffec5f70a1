/**
 * The console as production runs it, the bundle `pnpm build` makes (packages/server/dist/main.js), alone
 * in its own process so benchmarks and load runs read its memory and descriptors and nothing else's.
 * It starts with production's Node flags and environment (NODE_FLAGS, NODE_ENV_VARS). Scan budgets are raised so a whole benchmark topic
 * fits one search. SERVER_NODE_ARGS adds Node flags: `SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`
 * profiles it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { NODE_ENV_VARS, NODE_FLAGS } from '../../packages/server/src/platform/node-flags.ts';

const bundle = join(import.meta.dirname, '..', '..', 'packages', 'server', 'dist', 'main.js');

export type ConsoleProcess = {
  /** `http://127.0.0.1:{port}` */
  url: string;
  pid: number;
  /** Resident memory now (VmRSS), MiB. */
  rssMiB: () => number;
  /** Peak resident memory so far (VmHWM), MiB. */
  peakRssMiB: () => number;
  /** CPU time used so far (user + system), ms. */
  cpuMs: () => number;
  stop: () => void;
};

export async function startConsoleProcess(
  configFile: string,
  env: Record<string, string> = {},
): Promise<ConsoleProcess> {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run pnpm build first`);
  const port = await freePort();
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...NODE_FLAGS, ...nodeArgs, bundle, '--config', configFile],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...NODE_ENV_VARS,
        PORT: String(port),
        CONSOLE_SERVER__HOST: '127.0.0.1',
        CONSOLE_TOPIC_DATA__SCAN_MAX_RECORDS: '100000000',
        CONSOLE_TOPIC_DATA__SCAN_MAX_BYTES: String(64 * 1024 ** 3),
        CONSOLE_TOPIC_DATA__SCAN_MAX_MS: '3600000',
        ...env,
      },
    },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the console exited with ${code}`))),
  );
  await Promise.race([healthy(`http://127.0.0.1:${port}/health`), exited]);
  const pid = child.pid ?? 0;
  const statusMiB = (field: string) =>
    Math.round(
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) /
        102.4,
    ) / 10;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    rssMiB: () => statusMiB('VmRSS'),
    peakRssMiB: () => statusMiB('VmHWM'),
    cpuMs: () => processCpuMs(pid),
    stop: () => child.kill('SIGTERM'),
  };
}

/** CPU time a process used so far (user + system, from /proc/{pid}/stat), ms. */
export function processCpuMs(pid: number): number {
  // The command name (field 2) may hold spaces: the fields after its closing parenthesis are counted.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
/** USER_HZ, 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

async function healthy(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
