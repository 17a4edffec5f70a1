/**
 * A real Kafka Streams 4.4 app for the tests (tests/support/streams/CountApp.java): source → selectKey
 * (a repartition topic) → groupByKey().count() (a changelog) → sink. The kafka-streams jar comes from
 * Maven Central on first use (mvn, about 8 s) into .cache/stack/streams-app, beside the broker's jars
 * (kafka-clients, slf4j) it runs with; the app is compiled with javac once and kept there, so later runs
 * start it at once. Its store is in memory: no RocksDB native library to fetch.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const STREAMS_VERSION = '4.4.0';
const cache = join(import.meta.dirname, '..', '..', '.cache', 'stack');
const home = join(cache, 'streams-app');
const libs = join(home, 'libs');
const classes = join(home, 'classes');
const source = join(import.meta.dirname, 'streams', 'CountApp.java');
const run = promisify(execFile);

export type StreamsProtocol = 'streams' | 'classic';
export type StreamsAppOptions = {
  bootstrap: string;
  applicationId: string;
  source: string;
  sink: string;
  protocol: StreamsProtocol;
};
export type RunningStreamsApp = { stop: () => Promise<void> };

/** The jar and the compiled app, fetched and built once; a changed CountApp.java compiles again. */
export async function ensureStreamsApp(): Promise<void> {
  const jar = join(libs, `kafka-streams-${STREAMS_VERSION}.jar`);
  if (!existsSync(jar)) {
    mkdirSync(libs, { recursive: true });
    await run(
      'mvn',
      [
        '-B',
        '-q',
        'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy',
        `-Dartifact=org.apache.kafka:kafka-streams:${STREAMS_VERSION}`,
        `-DoutputDirectory=${libs}`,
      ],
      { cwd: home },
    );
  }
  const key = createHash('sha256').update(readFileSync(source)).digest('hex');
  const marker = join(classes, '.built');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === key) return;
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  await run('javac', ['-d', classes, '-cp', classpath(false), source]);
  writeFileSync(marker, key);
}

const classpath = (withApp = true) =>
  [...(withApp ? [classes] : []), join(libs, '*'), join(cache, 'kafka-libs', '*')].join(':');

/**
 * Starts the app and resolves once Kafka Streams says RUNNING (its first assignment done). `stop()`
 * closes it cleanly (the member leaves its group) and removes its state directory.
 */
export async function startStreamsApp(options: StreamsAppOptions): Promise<RunningStreamsApp> {
  await ensureStreamsApp();
  const state = mkdtempSync(join(tmpdir(), 'streams-state-'));
  const child: ChildProcess = spawn(
    process.env.JAVA ?? 'java',
    [
      '-Xmx192m',
      '-XX:TieredStopAtLevel=1',
      '-cp',
      classpath(),
      'CountApp',
      options.bootstrap,
      options.applicationId,
      options.source,
      options.sink,
      options.protocol,
      state,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const lines = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', lines);
  child.stderr?.on('data', lines);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Streams app did not reach RUNNING:\n${output}`)),
      90_000,
    );
    const check = () => {
      if (/^RUNNING$/m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Streams app exited (${code}):\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      if (child.exitCode === null) {
        child.stdin?.end();
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(state, { recursive: true, force: true });
    },
  };
}
