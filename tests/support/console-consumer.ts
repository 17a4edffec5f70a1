/**
 * Kafka's own console consumer (`kafka-console-consumer`, org.apache.kafka.tools.consumer.ConsoleConsumer)
 * as the records tests' reference reader: it reads a partition from an offset with no consumer group.
 * The kafka-tools jar is the one piece the stack's jars lack; it comes from Maven Central on first use
 * (mvn, about 20 s) into .cache/kafka-tools, and runs on the stack's Java with the broker's jars.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bootstrap } from './kafka.ts';

const KAFKA_VERSION = '4.4.0';
export const cache = join(import.meta.dirname, '..', '..', '.cache');
const toolsDir = join(cache, 'kafka-tools');
export const toolsJar = join(toolsDir, `kafka-tools-${KAFKA_VERSION}.jar`);
const run = promisify(execFile);

export async function ensureJar(): Promise<void> {
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

export type ConsumedRecord = { partition: number; offset: number; value: string };

/** The records of `partition` from `offset` on, `count` of them, as the console consumer prints them. */
export async function consoleConsume(
  topic: string,
  partition: number,
  count: number,
  offset = 0,
): Promise<ConsumedRecord[]> {
  await ensureJar();
  const java = process.env.JAVA ?? 'java';
  const { stdout } = await run(
    java,
    [
      '-cp',
      `${toolsJar}:${join(cache, 'stack', 'kafka-libs', '*')}`,
      'org.apache.kafka.tools.consumer.ConsoleConsumer',
      '--bootstrap-server',
      bootstrap(),
      '--topic',
      topic,
      '--partition',
      String(partition),
      '--offset',
      String(offset),
      '--max-messages',
      String(count),
      '--timeout-ms',
      '20000',
      '--formatter-property',
      'print.partition=true',
      '--formatter-property',
      'print.offset=true',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('Partition:'))
    .map((line) => {
      const [p = '', o = '', ...value] = line.split('\t');
      return {
        partition: Number(p.slice('Partition:'.length)),
        offset: Number(o.slice('Offset:'.length)),
        value: value.join('\t'),
      };
    });
}
