// Detached background processes identified by pid AND start time, so a pid the kernel has since
// recycled for an unrelated process is never taken for ours (and never killed).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ProcessRef {
  pid: number;
  // /proc/<pid>/stat field 22 (clock ticks after boot) on Linux, `ps -o lstart` elsewhere.
  startTime: string;
  command: string;
}

export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  logFile: string;
  env?: NodeJS.ProcessEnv;
}

// undefined when no such process exists or it is a zombie (exited, waiting to be reaped).
export function readStartTime(pid: number): string | undefined {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: fields resume after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[0] === 'Z' ? undefined : fields[19];
    } catch {
      return undefined;
    }
  }
  try {
    const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return out === '' || out.startsWith('Z') ? undefined : out.slice(out.indexOf(' ') + 1).trim();
  } catch {
    return undefined;
  }
}

export function isRunning(ref: ProcessRef): boolean {
  return readStartTime(ref.pid) === ref.startTime;
}

// The child gets its own session and only a log file for stdio, so it outlives the CLI that started it.
export async function spawnDetached(spec: SpawnSpec): Promise<ProcessRef> {
  const out = openSync(spec.logFile, 'a');
  try {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      detached: true,
      stdio: ['ignore', out, out],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(new Error(`cannot start ${spec.command}: ${error.message}`)));
    });
    child.unref();
    const pid = child.pid;
    const startTime = pid === undefined ? undefined : readStartTime(pid);
    if (pid === undefined || startTime === undefined) {
      throw new Error(`${spec.command} exited at once; read ${spec.logFile}`);
    }
    return { pid, startTime, command: [spec.command, ...spec.args].join(' ') };
  } finally {
    closeSync(out);
  }
}

// The process may exit between the liveness check and the signal; that is success, not an error.
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

// SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone.
export async function stopProcess(
  ref: ProcessRef,
  graceMs = 20_000,
): Promise<'not running' | 'stopped' | 'killed'> {
  if (!isRunning(ref)) return 'not running';
  signal(ref.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(100);
    if (!isRunning(ref)) return 'stopped';
  }
  if (isRunning(ref)) signal(ref.pid, 'SIGKILL');
  while (isRunning(ref)) await sleep(50);
  return 'killed';
}
