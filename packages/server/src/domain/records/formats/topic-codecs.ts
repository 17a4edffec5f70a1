import type { PartFormat } from '../../../platform/config/deserialization.ts';
import { ConfigError } from '../../../platform/config/load.ts';
import type { Config } from '../../../platform/config/schema.ts';
import type { avroCodec } from './avro.ts';
import type { Codec, TopicCodecs } from './codec.ts';
import { intCodec, longCodec } from './integers.ts';
import { msgpackCodec } from './msgpack.ts';
import type { protobufCodec } from './protobuf.ts';

/** A `deserialization` entry that cannot be loaded; `key` is its config path. */
export class FormatConfigError extends Error {
  readonly key: string;
  constructor(key: string, message: string) {
    super(`${key}: ${message}`);
    this.key = key;
  }
}

type Rule = { topics: RegExp[]; key?: Codec; value?: Codec };
/** The codecs of a topic of a cluster. */
export type CodecLookup = (cluster: string, topic: string) => TopicCodecs;

const loaded = new WeakMap<Config, CodecLookup>();

/**
 * The Avro and Protobuf parsers (avsc, protobufjs: a chunk of their own in the bundle, a tenth of the
 * start's CPU when loaded with the server) load only when a `deserialization` rule names AVRO or PROTOBUF.
 */
type FileCodecs = { avroCodec: typeof avroCodec; protobufCodec: typeof protobufCodec };
let fileCodecs: FileCodecs | undefined;

const namesFileFormat = (config: Config) =>
  Object.values(config.clusters).some((cluster) =>
    cluster.deserialization.some((rule) =>
      [rule.key, rule.value].some((part) => part?.format === 'AVRO' || part?.format === 'PROTOBUF'),
    ),
  );

/**
 * The clusters' `deserialization` rules with their files read and parsed, once per config (at start):
 * throws a FormatConfigError naming the key of a file that is missing or wrong. Loads the Avro and
 * Protobuf parsers first when a rule needs them.
 */
export async function loadTopicCodecs(config: Config): Promise<CodecLookup> {
  if (!fileCodecs && namesFileFormat(config)) {
    const [avro, protobuf] = await Promise.all([import('./avro.ts'), import('./protobuf.ts')]);
    fileCodecs = { avroCodec: avro.avroCodec, protobufCodec: protobuf.protobufCodec };
  }
  return topicCodecs(config);
}

/** The lookup loadTopicCodecs made for `config` (which a config naming no file format does not need). */
export function topicCodecs(config: Config): CodecLookup {
  let lookup = loaded.get(config);
  if (!lookup) {
    if (!fileCodecs && namesFileFormat(config))
      throw new Error('the Avro and Protobuf parsers are not loaded: await loadTopicCodecs(config) first');
    const rules = new Map<string, Rule[]>();
    for (const [cluster, settings] of Object.entries(config.clusters)) {
      rules.set(
        cluster,
        settings.deserialization.map((rule, i) => {
          const at = `clusters.${cluster}.deserialization.${i}`;
          return {
            topics: rule.topics.map((p) => new RegExp(`^(?:${p})$`)),
            ...(rule.key ? { key: load(rule.key, `${at}.key`) } : {}),
            ...(rule.value ? { value: load(rule.value, `${at}.value`) } : {}),
          };
        }),
      );
    }
    lookup = (cluster, topic) => {
      const matching = (rules.get(cluster) ?? []).filter((r) => r.topics.some((re) => re.test(topic)));
      const key = matching.find((r) => r.key)?.key;
      const value = matching.find((r) => r.value)?.value;
      return { ...(key ? { key } : {}), ...(value ? { value } : {}) };
    };
    loaded.set(config, lookup);
  }
  return lookup;
}

function load(part: PartFormat, at: string): Codec {
  switch (part.format) {
    case 'INT':
      return intCodec;
    case 'LONG':
      return longCodec;
    case 'MSGPACK':
      return msgpackCodec;
    case 'AVRO': {
      const { avroCodec } = fileCodecs as FileCodecs;
      return guarded(`${at}.schemaFile`, () => avroCodec(part.schemaFile));
    }
    case 'PROTOBUF': {
      const { protobufCodec } = fileCodecs as FileCodecs;
      const file = part.descriptorSet ? `${at}.descriptorSet` : `${at}.protoDir`;
      return guarded(file, () => protobufCodec(part), `${at}.messageType`);
    }
  }
}

/** Runs a loader; a missing file names the file's key, a missing message the messageType key. */
function guarded(key: string, make: () => Codec, typeKey = key): Codec {
  try {
    return make();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'ENOTDIR' || e.code === 'EISDIR') {
      throw new FormatConfigError(key, `cannot read ${e.path ?? 'the file'} (${e.code})`);
    }
    const message = e.message.split('\n')[0] ?? String(error);
    throw new FormatConfigError(message.startsWith('no message') ? typeKey : key, message);
  }
}

/**
 * Reads and parses the files `clusters.<c>.deserialization` names, once, so that a bad one stops the start
 * (main.ts, before the server is built): a ConfigError naming its key.
 */
export async function checkConfigFiles(config: Config): Promise<void> {
  try {
    await loadTopicCodecs(config);
  } catch (error) {
    if (error instanceof FormatConfigError) throw new ConfigError(error.message);
    throw error;
  }
}
