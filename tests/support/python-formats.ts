/**
 * Records without a registry from clients the console shares no code with: `confluent-client/formats.py`
 * run with Google's `protobuf`, `fastavro` (both come with confluent-kafka's extras) and `msgpack` from
 * PyPI, added to the confluent-client virtualenv on first use, pinned.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installConfluentClient } from './confluent-client.ts';

const run = promisify(execFile);
const PACKAGE = 'msgpack==1.1.2';
const home = join(import.meta.dirname, '..', '..', '.cache', 'confluent-client');
const python = join(home, 'bin', 'python');
const installed = join(home, 'installed-formats');
const script = join(import.meta.dirname, 'confluent-client', 'formats.py');

/** The confluent-client virtualenv with msgpack in it; call it in a `beforeAll`. */
export async function installPythonFormats(): Promise<void> {
  await installConfluentClient();
  if (existsSync(installed) && readFileSync(installed, 'utf8') === PACKAGE) return;
  await run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', PACKAGE], {
    timeout: 180_000,
  });
  writeFileSync(installed, PACKAGE);
}

export type PythonFormat = {
  bootstrap: string;
  topic: string;
  format: 'protobuf' | 'avro' | 'msgpack';
  keyFormat: 'int' | 'long';
  /** The `.avsc` file, for Avro. */
  avsc?: string;
};

/** `shop.Order` and `common.Money` as a FileDescriptorSet file, made by Python's protobuf. */
export async function writeDescriptorSet(path: string): Promise<void> {
  await run(python, [script, 'descriptor-set', path], { timeout: 60_000 });
}

/**
 * Writes records to partition 0. In a MessagePack value `{"$bytes": base64}` stands for binary and
 * `{"$int": "digits"}` for an integer past 2^53.
 */
export async function pythonProduce(
  args: PythonFormat & { records: { key: number; value: unknown }[] },
): Promise<void> {
  await run(python, [script, 'produce', JSON.stringify(args)], { timeout: 60_000 });
}

/** Reads `count` records of partition 0 from the start, decoded by the Python libraries. */
export async function pythonConsume(
  args: PythonFormat & { count: number },
): Promise<{ key: number; value: unknown }[]> {
  const { stdout } = await run(python, [script, 'consume', JSON.stringify(args)], { timeout: 60_000 });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
