// Logging configs for a release's JVMs. Releases before 4.0 read a log4j 1.2 `log4j.properties`
// (-Dlog4j.configuration, a URL); 4.0 and later a log4j2 properties file (-Dlog4j2.configurationFile).
// Without one, log4j 1.2 logs nothing at all, and the readiness check waits for "Kafka version: X".
import { renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { writeLog4j2 } from '../components/jvm.ts';
import type { Release } from './release.ts';

// Tools share one config file per logging backend and may start side by side: a JVM must never read it
// half-written, so it is replaced whole.
function writeWhole(file: string, lines: string[]): void {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temporary, `${lines.join('\n')}\n`);
  renameSync(temporary, file);
}

function writeLog4j1(file: string, lines: string[]): string {
  writeWhole(file, lines);
  return `-Dlog4j.configuration=${pathToFileURL(file).href}`;
}

/** INFO and above into `logFile`; answers the JVM option that points at the config written to `file`. */
export function serverLogging(release: Release, file: string, logFile: string): string {
  if (release.logging === 'log4j2') return writeLog4j2(`${file}.log4j2.properties`, logFile);
  return writeLog4j1(`${file}.log4j.properties`, [
    'log4j.rootLogger=INFO, file',
    'log4j.appender.file=org.apache.log4j.FileAppender',
    `log4j.appender.file.File=${logFile}`,
    'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
  ]);
}

/** Warnings to stderr, as the distribution's tools-log4j.properties: stdout stays the tool's answer. */
export function toolLogging(release: Release, file: string): string {
  if (release.logging === 'log4j2') {
    writeWhole(`${file}.log4j2.properties`, [
      'status = warn',
      'appender.err.type = Console',
      'appender.err.name = STDERR',
      'appender.err.target = SYSTEM_ERR',
      'appender.err.layout.type = PatternLayout',
      'appender.err.layout.pattern = [%d] %p %m (%c)%n',
      'rootLogger.level = WARN',
      'rootLogger.appenderRef.err.ref = STDERR',
    ]);
    return `-Dlog4j2.configurationFile=${file}.log4j2.properties`;
  }
  return writeLog4j1(`${file}.log4j.properties`, [
    'log4j.rootLogger=WARN, stderr',
    'log4j.appender.stderr=org.apache.log4j.ConsoleAppender',
    'log4j.appender.stderr.Target=System.err',
    'log4j.appender.stderr.layout=org.apache.log4j.PatternLayout',
    'log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n',
  ]);
}
