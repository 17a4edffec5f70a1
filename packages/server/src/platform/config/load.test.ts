import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './load.ts';
import { ConfigSchema } from './schema.ts';

const minimal = { clusters: { local: { properties: { 'bootstrap.servers': 'k:9092' } } } };

function writeConfig(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'config-')), 'console.yaml');
  writeFileSync(file, text);
  return file;
}

describe('config', () => {
  it('fills every default from a minimal file', () => {
    const config = parseConfig(minimal);
    expect(config.basePath).toBe('/');
    expect(config.server.port).toBe(8080);
    expect(config.topic).toMatchObject({ partition: 1, replication: 1, retention: 86_400_000 });
    expect(config.pagination.pageSize).toBe(25);
    expect(config.security.enabled).toBe(false);
    expect(config.security.defaultGroup).toBe('admin');
    expect(config.clusters.local?.connect).toEqual([]);
    expect(config.topicData.fetchSessions).toBe(true);
  });

  it('is frozen all the way down', () => {
    const config = parseConfig(minimal);
    expect(Object.isFrozen(config.clusters.local?.properties)).toBe(true);
    expect(() => {
      (config.server as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it.each([
    ['/', '/'],
    ['', '/'],
    ['/kafka', '/kafka/'],
    ['kafka/', '/kafka/'],
    ['/a/b/', '/a/b/'],
  ])('normalises basePath %j to %j', (given, expected) => {
    expect(parseConfig({ ...minimal, basePath: given }).basePath).toBe(expected);
  });

  it.each([
    [{ clusters: {} }, 'clusters: at least one cluster is required'],
    [
      { clusters: { local: { properties: {} } } },
      'clusters.local.properties.bootstrap.servers: bootstrap.servers is required',
    ],
    [{ ...minimal, server: { port: 'x' } }, 'server.port:'],
    [{ ...minimal, serverr: {} }, 'serverr: unknown key'],
    [{ clusters: { 'a.b': minimal.clusters.local } }, 'clusters.a.b: cluster names use letters'],
    [{ ...minimal, security: { defaultGroup: 'nobody' } }, "security.defaultGroup: no group 'nobody'"],
    [
      { ...minimal, topic: { internalRegexps: ['('] } },
      'topic.internalRegexps.0: not a valid regular expression',
    ],
    [
      { clusters: { local: { ...minimal.clusters.local, connect: [{ name: 'c', url: 'ftp://x' }] } } },
      'clusters.local.connect.0.url: must be an http(s) URL',
    ],
    [{ ...minimal, topicData: { fetchSessions: 'sometimes' } }, 'topicData.fetchSessions'],
    [
      { ...minimal, groupIndex: { sharedTopic: '_console_group_index' } },
      'groupIndex.sharedTopic: needs lagHistory.enabled: true',
    ],
    [
      { ...minimal, groupIndex: { sharedTopic: 'a b' }, lagHistory: { enabled: true } },
      'groupIndex.sharedTopic: a Kafka topic name',
    ],
    [{ ...minimal, groupIndex: { shared: true } }, 'groupIndex.shared: unknown key'],
  ])('refuses %j naming the key', (raw, message) => {
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(message);
  });

  it('reads --config, then applies environment overrides', () => {
    const file = writeConfig('clusters:\n  local:\n    properties:\n      bootstrap.servers: a:1\n');
    const config = loadConfig(['--config', file], {
      PORT: '9999',
      CONSOLE_BASE_PATH: '/kafka',
      CONSOLE_CLUSTERS__LOCAL__PROPERTIES__BOOTSTRAP_SERVERS: 'b:2',
      CONSOLE_CLUSTERS__LOCAL__PROPERTIES__SASL_MECHANISM: 'PLAIN',
      CONSOLE_TOPIC_DATA__SIZE: '10',
      CONSOLE_TOPIC_DATA__FETCH_SESSIONS: 'false',
    });
    expect(config.server.port).toBe(9999);
    expect(config.basePath).toBe('/kafka/');
    expect(config.clusters.local?.properties).toEqual({
      'bootstrap.servers': 'b:2',
      'sasl.mechanism': 'PLAIN',
    });
    expect(config.topicData.size).toBe(10);
    expect(config.topicData.fetchSessions).toBe(false);
  });

  it('falls back to CONFIG_FILE and explains a missing or broken file', () => {
    const file = writeConfig('clusters:\n  local:\n    properties:\n      bootstrap.servers: a:1\n');
    expect(loadConfig([], { CONFIG_FILE: file }).clusters.local).toBeDefined();
    expect(() => loadConfig([], {})).toThrow('pass --config FILE or set CONFIG_FILE');
    expect(() => loadConfig(['--config', '/nonexistent.yaml'], {})).toThrow(
      'cannot read /nonexistent.yaml: ENOENT',
    );
    expect(() => loadConfig([`--config=${writeConfig('a: [')}`], {})).toThrow('is not valid YAML');
  });
});

describe('config.example.yaml', () => {
  it('is itself a valid configuration', () => {
    const file = new URL('../../../../../config.example.yaml', import.meta.url).pathname;
    const config = loadConfig(['--config', file], {});
    expect(Object.keys(config.clusters)).toEqual(['local']);
    expect(config.clusters.local?.connect[0]?.name).toBe('connect');
  });

  it('documents every top-level key the configuration takes', () => {
    const text = readFileSync(new URL('../../../../../config.example.yaml', import.meta.url), 'utf8');
    const documented = new Set([...text.matchAll(/^(?:#~ )?([a-zA-Z]+):/gm)].map((m) => m[1]));
    expect(Object.keys(ConfigSchema.shape).filter((key) => !documented.has(key))).toEqual([]);
  });
});
