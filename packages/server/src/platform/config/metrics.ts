import { z } from 'zod';

/** A Prometheus label name (its data model: letters, digits and `_`, not starting with a digit). */
const labelName = z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'a Prometheus label name');

/**
 * How the console finds one broker's series in the operator's Prometheus (docs/metrics.md): the label that
 * tells brokers apart and its value for each broker. By default the `instance` label Prometheus gives each
 * scrape target, matched as `<broker host>:<any port>` (the exporter runs on the broker's host); a
 * template or an explicit map for anything else. Only this config, never a request, goes into PromQL.
 */
export const PrometheusMatching = {
  brokerLabel: labelName.default('instance'),
  /** `{id}`, `{host}` and `{port}` are the broker's, from Kafka's metadata; matched exactly. */
  brokerValue: z
    .string()
    .min(1)
    .refine((t) => !/\{(?!id\}|host\}|port\})/.test(t), 'only {id}, {host} and {port} are replaced')
    .optional(),
  /** Broker id → the label's value, before `brokerValue`. */
  brokers: z.record(z.string().regex(/^\d+$/, 'a broker id'), z.string().min(1)).default({}),
  /** Fixed label matchers every query adds, e.g. `{ job: kafka }` when other jobs share the names. */
  selector: z.record(labelName, z.string()).default({}),
  /** The shortest `rate()` window; at least four scrape intervals, Prometheus' own advice. */
  rateWindowSeconds: z.number().int().min(1).max(86_400).default(60),
};
