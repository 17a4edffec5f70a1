/**
 * Kafka's own command-line tools (org.apache.kafka:kafka-tools from Maven Central: ConsoleConsumer,
 * AclCommand, ConfigCommand, TransactionsCommand) as the other side of the tests. The jar is the one
 * piece the stack's jars lack; it comes on first use (mvn, about 20 s) into .cache/kafka-tools and
 * runs on the stack's Java with the broker's jars.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bootstrap } from './kafka.ts';

const KAFKA_VERSION = '4.4.0';
const cache = join(import.meta.dirname, '..', '..', '.cache');
const toolsDir = join(cache, 'kafka-tools');
const toolsJar = join(toolsDir, `kafka-tools-${KAFKA_VERSION}.jar`);
const run = promisify(execFile);

export async function ensureToolsJar(): Promise<void> {
  if (existsSync(toolsJar)) return;
  mkdirSync(toolsDir, { recursive: true });
  await run(
    'mvn',
    [
      '-B',
      '-q',
      'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy',
      `-Dartifact=org.apache.kafka:kafka-tools:${KAFKA_VERSION}`,
      `-DoutputDirectory=${toolsDir}`,
    ],
    { cwd: toolsDir },
  );
}

/** The classpath the tools run with: the tools jar and the broker's libraries. */
export const toolsClasspath = () => `${toolsJar}:${join(cache, 'stack', 'kafka-libs', '*')}`;

/**
 * Runs `org.apache.kafka.tools.<mainClass>` with `args` and answers its standard output. A tool that
 * exits non-zero rejects with its output.
 */
export async function kafkaTool(mainClass: string, args: string[]): Promise<string> {
  await ensureToolsJar();
  const { stdout } = await run(
    process.env.JAVA ?? 'java',
    [
      '-Xmx256m',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      toolsClasspath(),
      `org.apache.kafka.tools.${mainClass}`,
      ...args,
    ],
    { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
  );
  return stdout;
}

/** A tool against the stack's broker: `--bootstrap-server` first. */
export const stackTool = (mainClass: string, args: string[]): Promise<string> =>
  kafkaTool(mainClass, ['--bootstrap-server', bootstrap(), ...args]);

/** A tool's table (TransactionsCommand prints one) as rows of header -> value; columns are separated by tabs or runs of spaces. */
export function toolTable(output: string): Record<string, string>[] {
  const [header = '', ...rows] = output.trim().split('\n');
  const names = header.trim().split(/\s+/);
  return rows.map((row) => {
    const cells = row.trim().split(/\t|\s{2,}/);
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}
