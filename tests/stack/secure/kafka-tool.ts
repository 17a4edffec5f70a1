// Kafka's own command-line tools (the kafka-tools jar, fetched by tests/support/kafka-tools.ts) with
// extra JVM options, answering exit code and output instead of throwing: a refused login is a result.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ensureToolsJar, toolsClasspath } from '../../support/kafka-tools.ts';

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const ALLOWED_URLS = 'org.apache.kafka.sasl.oauthbearer.allowed.urls';

const java = () => (process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java');

/** Runs `org.apache.kafka.tools.<mainClass>`; `jvm` adds options such as `-D<ALLOWED_URLS>=…`. */
export async function runTool(mainClass: string, args: string[], jvm: string[] = []): Promise<ToolResult> {
  await ensureToolsJar();
  const command = [
    '-Xmx256m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    ...jvm,
    '-cp',
    toolsClasspath(),
    `org.apache.kafka.tools.${mainClass}`,
    ...args,
  ];
  return new Promise((resolve) => {
    execFile(java(), command, { maxBuffer: 16 * 1024 * 1024, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** As runTool, but a non-zero exit rejects with the tool's output. */
export async function tool(mainClass: string, args: string[], jvm: string[] = []): Promise<string> {
  const result = await runTool(mainClass, args, jvm);
  if (result.code !== 0) {
    throw new Error(
      `${mainClass} ${args.join(' ')} exited ${result.code}:\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}
