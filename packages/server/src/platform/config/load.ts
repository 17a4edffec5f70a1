import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { applyEnvOverrides } from './env-overrides.ts';
import { type Config, ConfigSchema } from './schema.ts';

/** A config problem, worded for one line on stderr: the key and what is wrong with it. */
export class ConfigError extends Error {}

/** Reads `--config FILE` (or `CONFIG_FILE`), applies environment overrides, validates once and freezes. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): Config {
  const file = configFileFrom(argv) ?? env.CONFIG_FILE;
  if (!file) throw new ConfigError('no configuration: pass --config FILE or set CONFIG_FILE');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`${file} is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return parseConfig(applyEnvOverrides(raw, env));
}

/**
 * Validates a config's shape and freezes it; the files it names are read by checkConfigFiles. Parsed once,
 * so without zod's compiled fast path: compiling it for the config's objects cost about 5 ms of every start.
 */
export function parseConfig(raw: unknown): Config {
  const result = ConfigSchema.safeParse(raw, { jitless: true });
  if (!result.success) throw new ConfigError(describeIssues(result.error.issues));
  return deepFreeze(result.data);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const key = issue.path.map(String).join('.') || '(root)';
      if (issue.code === 'unrecognized_keys') {
        return `${[key === '(root)' ? '' : `${key}.`, issue.keys[0]].join('')}: unknown key`;
      }
      if (issue.code === 'invalid_key') return `${key}: ${issue.issues[0]?.message ?? issue.message}`;
      return `${key}: ${issue.message}`;
    })
    .join('; ');
}

function configFileFrom(argv: readonly string[]): string | undefined {
  const i = argv.indexOf('--config');
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith('--config='))?.slice('--config='.length);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
