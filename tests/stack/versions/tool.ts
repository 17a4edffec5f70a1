// A release's own command-line tools against its broker: the class found in the release's jars
// (tool-classes.ts), that release's logging, the stack's Java.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../paths.ts';
import { toolClasspath } from './fetch.ts';
import { toolLogging } from './logging.ts';
import { release } from './release.ts';
import { runJava } from './run-java.ts';
import { toolClass } from './tool-classes.ts';

const resolved = new Map<string, string>();

/**
 * Runs tool `name` (a short class name such as TopicCommand, or a fully qualified one) of Kafka `version`
 * with `args` and answers its stdout; a non-zero exit rejects with its output. The jars must be fetched.
 */
export async function runReleaseTool(version: string, name: string, args: string[]): Promise<string> {
  const classpath = toolClasspath(version);
  const key = `${version}/${name}`;
  const mainClass = resolved.get(key) ?? toolClass(name, classpath);
  resolved.set(key, mainClass);
  const configDir = join(cacheDir, 'tool-logging');
  mkdirSync(configDir, { recursive: true });
  const rel = release(version);
  const jvm = [
    '-Xmx256m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    toolLogging(rel, join(configDir, rel.logging)),
  ];
  return runJava([...jvm, '-cp', classpath.join(':'), mainClass, ...args], `Kafka ${version} ${mainClass}`);
}
