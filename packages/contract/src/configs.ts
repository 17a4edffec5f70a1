import { z } from 'zod';
import { onFirstUse } from './common/on-first-use.ts';

export const ConfigSource = z.enum([
  'DYNAMIC_TOPIC_CONFIG',
  'DYNAMIC_BROKER_CONFIG',
  'DYNAMIC_DEFAULT_BROKER_CONFIG',
  'STATIC_BROKER_CONFIG',
  'DEFAULT_CONFIG',
  'DYNAMIC_BROKER_LOGGER_CONFIG',
  'CLIENT_METRICS_CONFIG',
  'GROUP_CONFIG',
  'UNKNOWN',
]);
export type ConfigSource = z.infer<typeof ConfigSource>;

/** Kafka's `ConfigDef.Type` as the broker reports it; the console picks its editor from it. */
export const ConfigType = z.enum([
  'BOOLEAN',
  'STRING',
  'INT',
  'SHORT',
  'LONG',
  'DOUBLE',
  'LIST',
  'CLASS',
  'PASSWORD',
  'UNKNOWN',
]);
export type ConfigType = z.infer<typeof ConfigType>;

export const ConfigSynonym = onFirstUse(() =>
  z.object({
    name: z.string(),
    value: z.string().optional(),
    source: ConfigSource,
  }),
);

/**
 * One config entry of a topic or broker (docs/api-conventions.md#config); `value` is absent when sensitive,
 * null or empty.
 */
export const ConfigEntry = onFirstUse(() =>
  z
    .object({
      name: z.string(),
      value: z.string().optional(),
      description: z.string().optional().meta({ description: "The broker's own documentation of the key" }),
      type: ConfigType,
      source: ConfigSource,
      readOnly: z.boolean(),
      sensitive: z.boolean(),
      synonyms: z.array(ConfigSynonym).optional(),
    })
    .meta({ id: 'Config' }),
);
export type ConfigEntry = z.infer<typeof ConfigEntry>;
export const ConfigList = onFirstUse(() => z.array(ConfigEntry));

/** Config values as JSON; numbers and booleans are accepted and sent to Kafka as text. */
export const ConfigValues = onFirstUse(() =>
  z.record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()]).transform(String)),
);

/**
 * `POST …/configs`: only the listed keys change (incrementalAlterConfigs SET); an empty value removes the
 * override, so the key falls back to its default. Every other key, sensitive ones included, stays.
 * The answer lists the changed entries only, as read back; nothing to change is a 409.
 */
export const ConfigUpdate = onFirstUse(() =>
  z.object({ configs: ConfigValues }).meta({ id: 'ConfigUpdate' }),
);
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;
