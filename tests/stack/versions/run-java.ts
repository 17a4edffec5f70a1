// One short-lived JVM (StorageTool, a command-line tool): its stdout, or an error with what it printed.
import { execFile } from 'node:child_process';
import { javaBinary } from './release.ts';

export function runJava(args: string[], what: string, timeoutMs = 90_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      javaBinary(),
      args,
      { maxBuffer: 16 * 1024 * 1024, timeout: timeoutMs },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = error.killed ? `was killed after ${timeoutMs / 1000} s` : `exited ${error.code ?? 1}`;
        const output = `${stdout}${stderr}`.trim().split('\n').slice(-40).join('\n');
        reject(new Error(`${what} ${code}:\n${output}`));
      },
    );
  });
}
