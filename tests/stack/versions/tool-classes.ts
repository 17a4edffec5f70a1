// Where a release keeps a command-line tool: Kafka moved them one by one from Scala `kafka.admin` /
// `kafka.tools` in the core jar to `org.apache.kafka.tools[.<area>]` in kafka-tools (3.6.2 has all four
// admin commands in kafka.admin; 3.9.1 TopicCommand and tools.consumer.group.ConsumerGroupCommand in
// kafka-tools; 4.0.2 AclCommand too; 4.4.0 ConfigCommand too). Rather than a table per release, the
// jars' own class lists say where a short name lives.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Entry names from a jar's central directory (no zip64: Kafka's jars are far below 4 GB and 65k entries). */
function jarEntries(file: string): string[] {
  const zip = readFileSync(file);
  // The end-of-central-directory record is in the last 64 KB + 22 bytes (its comment is at most 64 KB).
  let end = zip.length - 22;
  while (end >= Math.max(0, zip.length - 65_557) && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0 || zip.readUInt32LE(end) !== 0x06054b50) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extra = zip.readUInt16LE(offset + 30);
    const comment = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extra + comment;
  }
  return names;
}

const PLACES = [
  /^org\/apache\/kafka\/tools\/(?:[a-z]+\/)*([A-Za-z0-9]+)\.class$/,
  /^kafka\/(?:admin|tools)\/([A-Za-z0-9]+)\.class$/,
];

/** The jars that hold tools: the broker's core jar and kafka-tools, found in the classpath entries. */
function toolJars(classpath: string[]): string[] {
  return classpath.flatMap((entry) => {
    if (!entry.endsWith('*')) return [entry];
    const dir = dirname(entry);
    return readdirSync(dir)
      .filter((name) => /^(kafka_2\.13|kafka-tools)-[\d.]+\.jar$/.test(name))
      .map((name) => join(dir, name));
  });
}

/**
 * The fully qualified class of tool `name` (e.g. TopicCommand) on this classpath: org.apache.kafka.tools
 * first (the newer home), then kafka.admin / kafka.tools. A name with a dot is taken as it is.
 */
export function toolClass(name: string, classpath: string[]): string {
  if (name.includes('.')) return name;
  const found: string[][] = PLACES.map(() => []);
  for (const jar of toolJars(classpath)) {
    for (const entry of jarEntries(jar)) {
      PLACES.forEach((place, i) => {
        if (place.exec(entry)?.[1] === name) found[i]?.push(entry);
      });
    }
  }
  const entry = found.flat()[0];
  if (!entry) {
    const jars = toolJars(classpath).map((jar) => basename(jar));
    throw new Error(`no tool class ${name} in ${jars.join(', ')}`);
  }
  return entry.slice(0, -'.class'.length).replaceAll('/', '.');
}
