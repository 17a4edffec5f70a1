import { describe, expect, it } from 'vitest';
import { parseConfig } from './load.ts';

const withPrometheus = (prometheus: Record<string, unknown>) => () =>
  parseConfig({
    clusters: { prod: { properties: { 'bootstrap.servers': 'k:9092' }, metrics: { prometheus } } },
  });

describe('clusters.<id>.metrics.prometheus', () => {
  it('takes a URL alone, with the matching defaults', () => {
    const config = withPrometheus({ url: 'http://prometheus:9090' })();
    expect(config.clusters.prod?.metrics?.prometheus).toMatchObject({
      brokerLabel: 'instance',
      brokers: {},
      selector: {},
      rateWindowSeconds: 60,
      timeoutMs: 10_000,
    });
  });

  it('refuses an unknown key at start, naming it', () => {
    expect(withPrometheus({ url: 'http://p:9090', brokerLable: 'x' })).toThrow(
      'clusters.prod.metrics.prometheus.brokerLable: unknown key',
    );
  });

  it('refuses label names PromQL would not read and placeholders it would not fill', () => {
    expect(withPrometheus({ url: 'http://p:9090', brokerLabel: 'broker-id' })).toThrow(
      /metrics\.prometheus\.brokerLabel: a Prometheus label name/,
    );
    expect(withPrometheus({ url: 'http://p:9090', selector: { 'a b': 'x' } })).toThrow(/selector/);
    expect(withPrometheus({ url: 'http://p:9090', brokerValue: '{name}:7071' })).toThrow(
      /brokerValue: only \{id\}, \{host\} and \{port\} are replaced/,
    );
    expect(withPrometheus({ url: 'http://p:9090', brokers: { one: 'x' } })).toThrow(/brokers/);
  });

  it('takes one credential, as the other upstreams', () => {
    expect(withPrometheus({ url: 'http://p:9090', bearerToken: 't', basicAuthUsername: 'u' })).toThrow(
      /give one of basicAuthUsername, bearerToken or oauth/,
    );
  });
});
