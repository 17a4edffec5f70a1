// JVM settings shared by the stack's Java processes: small heaps and a fast, cheap start on 2 cores.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function jvmOptions(heap: string, workDir: string): string[] {
  const tmp = join(workDir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  return [
    `-Xmx${heap}`,
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Djava.awt.headless=true',
    // Keeps Jetty/Vert.x/native-library scratch files inside .stack, which `down` removes.
    `-Djava.io.tmpdir=${tmp}`,
  ];
}

// log4j2 properties format: needs nothing beyond log4j-core, which the poms add.
export function writeLog4j2(file: string, logFile: string): string {
  writeFileSync(
    file,
    [
      'status = warn',
      'appender.file.type = File',
      'appender.file.name = FILE',
      `appender.file.fileName = ${logFile}`,
      'appender.file.layout.type = PatternLayout',
      'appender.file.layout.pattern = [%d] %p %m (%c)%n',
      'rootLogger.level = INFO',
      'rootLogger.appenderRef.file.ref = FILE',
      '',
    ].join('\n'),
  );
  return `-Dlog4j2.configurationFile=${file}`;
}

export function writeProperties(file: string, properties: Record<string, string | number>): void {
  writeFileSync(
    file,
    `${Object.entries(properties)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
  );
}
