import type { KafkaPool } from './kafka/pool.ts';
import type { Config } from './platform/config/schema.ts';

/** What route plugins receive: the frozen config and the long-lived clients. */
export type Services = { config: Config; kafka: KafkaPool };
