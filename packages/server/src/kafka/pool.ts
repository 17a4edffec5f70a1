import { Admin } from '@platformatic/kafka';
import type { Config } from '../config/schema.ts';
import { notFound } from '../errors.ts';
import { clientOptions } from './client-options.ts';
import { translateKafkaError } from './errors.ts';

/**
 * One long-lived admin client per cluster, created on first use. Every Kafka call goes through `run`,
 * so an unknown cluster is a 404 and a client error is translated once, here.
 */
export class KafkaPool {
  readonly #config: Config;
  readonly #admins = new Map<string, Admin>();

  constructor(config: Config) {
    this.#config = config;
  }

  clusterIds(): string[] {
    return Object.keys(this.#config.clusters);
  }

  async run<T>(cluster: string, call: (admin: Admin) => Promise<T>): Promise<T> {
    const admin = this.#admin(cluster);
    try {
      return await call(admin);
    } catch (error) {
      throw translateKafkaError(cluster, error) ?? error;
    }
  }

  async close(): Promise<void> {
    const admins = [...this.#admins.values()];
    this.#admins.clear();
    await Promise.allSettled(admins.map((a) => a.close()));
  }

  #admin(cluster: string): Admin {
    const existing = this.#admins.get(cluster);
    if (existing) return existing;
    const settings = this.#config.clusters[cluster];
    if (!settings) throw notFound(`Cluster '${cluster}' not found`);
    const admin = new Admin(clientOptions(cluster, settings.properties, this.#config.kafkaClient));
    this.#admins.set(cluster, admin);
    return admin;
  }
}
