// The JMX exporter's Java agent from Maven Central, copied into .cache/stack/jmx-exporter by Maven's
// dependency plugin as the registry's archive is (fetch.ts), and `prometheus` from PATH (Debian's package).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AGENT_ARTIFACT, agentDir, agentJar, prometheusBinary } from './settings.ts';

const execFileAsync = promisify(execFile);
const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1';

/** Callers hold the stack lock: Maven runs race in ~/.m2. */
export async function ensureAgent(log: (line: string) => void): Promise<string> {
  const marker = join(agentDir, '.fetched');
  if (existsSync(agentJar) && existsSync(marker) && readFileSync(marker, 'utf8') === AGENT_ARTIFACT) {
    return agentJar;
  }
  log(`fetch: ${AGENT_ARTIFACT}`);
  mkdirSync(agentDir, { recursive: true });
  try {
    await execFileAsync(
      'mvn',
      [
        '-B',
        '-q',
        `${DEPENDENCY_PLUGIN}:copy`,
        `-Dartifact=${AGENT_ARTIFACT}`,
        `-DoutputDirectory=${agentDir}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('mvn is not installed: apt-get install maven');
    throw new Error(`fetching ${AGENT_ARTIFACT} failed:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`);
  }
  if (!existsSync(agentJar)) throw new Error(`Maven copied no ${agentJar}`);
  writeFileSync(marker, AGENT_ARTIFACT);
  return agentJar;
}

/** `prometheus --version`'s first line, or undefined when no such binary runs (the package is optional). */
export async function prometheusVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await execFileAsync(prometheusBinary(), ['--version']);
    return `${stdout}${stderr}`.split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}
