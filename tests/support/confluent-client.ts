/**
 * Confluent's own client as the records tests' "other client": `confluent-client/serde.py` run with
 * confluent-kafka (librdkafka and Confluent's Schema Registry serializers) from PyPI, installed on first
 * use into a virtualenv under .cache/confluent-client (about 15 s), pinned.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PACKAGE = 'confluent-kafka[avro,json,protobuf,schemaregistry]==2.12.1';
const home = join(import.meta.dirname, '..', '..', '.cache', 'confluent-client');
const python = join(home, 'bin', 'python');
const installed = join(home, 'installed');
const script = join(import.meta.dirname, 'confluent-client', 'serde.py');

/** Makes the virtualenv unless it holds the pinned package already; call it in a `beforeAll`. */
export async function installConfluentClient(): Promise<void> {
  if (existsSync(installed) && readFileSync(installed, 'utf8') === PACKAGE) return;
  await run('python3', ['-m', 'venv', '--clear', home]);
  await run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PACKAGE], {
    timeout: 180_000,
  });
  writeFileSync(installed, PACKAGE);
}

export type SerdeArgs = {
  bootstrap: string;
  registry: string;
  topic: string;
  format: 'avro' | 'json' | 'protobuf';
  schema: string;
};

/** Writes one value to partition 0 with Confluent's serializer and the latest schema of `{topic}-value`. */
export async function confluentProduce(args: SerdeArgs & { key: string; value: unknown }): Promise<void> {
  await run(python, [script, 'produce', JSON.stringify(args)], { timeout: 60_000 });
}

/** Reads `count` values of partition 0 from the start with Confluent's deserializer. */
export async function confluentConsume(args: SerdeArgs & { count: number }): Promise<unknown[]> {
  const { stdout } = await run(python, [script, 'consume', JSON.stringify(args)], { timeout: 60_000 });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * Leaves a transaction open on partition 0 of `topic`: Confluent's transactional producer writes
 * `count` records in a transaction and is killed before it commits (confluent-client/open_txn.py).
 */
export async function openTransactionAndDie(
  bootstrap: string,
  topic: string,
  transactionalId: string,
  count: number,
): Promise<void> {
  const txn = join(import.meta.dirname, 'confluent-client', 'open_txn.py');
  const { stdout } = await run(python, [txn, bootstrap, topic, transactionalId, String(count)], {
    timeout: 60_000,
  });
  if (!stdout.includes('open')) throw new Error(`the producer did not open a transaction: ${stdout}`);
}
