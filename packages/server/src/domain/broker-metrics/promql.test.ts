import { describe, expect, it } from 'vitest';
import { type BrokerMatching, brokerMatchers, brokerQueries } from './promql.ts';

const matching = (extra: Partial<BrokerMatching> = {}): BrokerMatching => ({
  brokerLabel: 'instance',
  brokers: {},
  selector: {},
  rateWindowSeconds: 60,
  ...extra,
});
const broker = { id: 2, host: 'kafka-2.example.com', port: 9092 };

describe('brokerMatchers', () => {
  it("matches the exporter's instance on the broker's host, any port, by default", () => {
    expect(brokerMatchers(matching(), broker)).toBe('instance=~"kafka-2\\\\.example\\\\.com(:[0-9]+)?"');
  });

  it('fills the template with the broker id, host and port, and puts the fixed selector first', () => {
    const m = matching({
      brokerLabel: 'broker_id',
      brokerValue: '{id}@{host}:{port}',
      selector: { job: 'kafka' },
    });
    expect(brokerMatchers(m, broker)).toBe('job="kafka",broker_id="2@kafka-2.example.com:9092"');
  });

  it('takes the explicit map before the template', () => {
    const m = matching({ brokerValue: '{host}:7071', brokers: { '2': 'b2:7071' } });
    expect(brokerMatchers(m, broker)).toBe('instance="b2:7071"');
  });

  it('escapes quotes and backslashes so a value cannot end its string', () => {
    const m = matching({ brokers: { '2': 'a"} or vector(1) #\\' } });
    expect(brokerMatchers(m, broker)).toBe('instance="a\\"} or vector(1) #\\\\"');
  });

  it('refuses a broker id that is not an integer and a label name PromQL would not read as one', () => {
    expect(() => brokerMatchers(matching(), { ...broker, id: Number.NaN })).toThrow(/broker id/);
    expect(() => brokerMatchers(matching({ brokerLabel: 'a=b' }), broker)).toThrow(/label name/);
  });
});

describe('brokerQueries', () => {
  it("reads the exporter's Kafka example names, broker-wide counters only, rated over the larger window", () => {
    const queries = brokerQueries(matching({ brokerValue: 'k:1' }), broker, 120_000);
    const byName = Object.fromEntries(queries.map((q) => [`${q.name}${q.request ?? ''}`, q.query]));
    expect(byName.bytesIn).toBe(
      'sum(rate(kafka_server_brokertopicmetrics_bytesin_total{topic="",instance="k:1"}[120s]))',
    );
    expect(byName.requestRateProduce).toBe(
      'sum(rate(kafka_network_requestmetrics_requests_total{request="Produce",instance="k:1"}[120s]))',
    );
    expect(byName.requestLatencyP99FetchConsumer).toBe(
      'max(kafka_network_requestmetrics_totaltimems{quantile="0.99",request="FetchConsumer",instance="k:1"})',
    );
    expect(byName.underReplicatedPartitions).toBe(
      'max(kafka_server_replicamanager_underreplicatedpartitions{instance="k:1"})',
    );
    expect(queries).toHaveLength(9);
  });

  it('keeps the configured rate window when the step is shorter', () => {
    const [bytesIn] = brokerQueries(matching({ rateWindowSeconds: 60 }), broker, 15_000);
    expect(bytesIn?.query).toMatch(/\[60s\]\)\)$/);
  });
});
