/**
 * Kafka's own command-line tools (org.apache.kafka:kafka-tools: ReassignPartitionsCommand,
 * ShareGroupCommand, TopicCommand...) as the other side of the operations tests, run on the stack's Java
 * with the broker's jars; the jar comes from Maven Central on first use (console-consumer.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cache, ensureJar, toolsJar } from './console-consumer.ts';

const run = promisify(execFile);

/** Runs `org.apache.kafka.tools.<tool>` with `args`; answers its standard output (a failing exit throws). */
export async function kafkaTool(tool: string, args: string[]): Promise<string> {
  await ensureJar();
  const { stdout } = await run(
    process.env.JAVA ?? 'java',
    [
      '-Xmx256m',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      `${toolsJar}:${join(cache, 'stack', 'kafka-libs', '*')}`,
      `org.apache.kafka.tools.${tool}`,
      ...args,
    ],
    { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
  );
  return stdout;
}
