import type { Config } from './config/schema.ts';
import type { KafkaPool } from './kafka/pool.ts';

/** What route plugins receive: the frozen config and the long-lived clients. */
export type Services = { config: Config; kafka: KafkaPool };
