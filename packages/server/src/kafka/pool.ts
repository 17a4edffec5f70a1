import { Admin, ProduceAcks, Producer } from '@platformatic/kafka';
import type { Config } from '../platform/config/schema.ts';
import { notFound } from '../platform/errors.ts';
import { tooOld } from './cluster/capabilities.ts';
import { setRequestLimits } from './cluster/request-limits.ts';
import { type Connection, connectionOf } from './connection/client-options.ts';
import { translateKafkaError } from './errors.ts';

/**
 * One long-lived admin client per cluster, created on first use. Every Kafka call goes through `run`,
 * so an unknown cluster is a 404 and a client error is translated once, here.
 */
export class KafkaPool {
  readonly #config: Config;
  readonly #admins = new Map<string, Admin>();
  /** A second client per cluster whose connections carry record fetches, so long reads never delay admin calls. */
  readonly #readers = new Map<string, Admin>();
  readonly #producers = new Map<string, Producer>();
  readonly #connections = new Map<string, Connection>();

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
      throw (
        (await tooOld(cluster, admin, error)) ??
        translateKafkaError(cluster, error, this.#connection(cluster)) ??
        error
      );
    }
  }

  /**
   * The cluster's admin client, for long-lived objects that send their own requests on it (the group
   * index); calls whose errors an answer reports go through `run`.
   */
  adminOf(cluster: string): Admin {
    return this.#admin(cluster);
  }

  async close(): Promise<void> {
    const clients = [...this.#admins.values(), ...this.#readers.values(), ...this.#producers.values()];
    this.#admins.clear();
    this.#readers.clear();
    this.#producers.clear();
    await Promise.allSettled(clients.map((c) => c.close()));
  }

  /** The admin and the fetch client of a cluster, for record streams (which translate their own errors). */
  readClients(cluster: string): { admin: Admin; reader: Admin } {
    const admin = this.#admin(cluster);
    let reader = this.#readers.get(cluster);
    if (!reader) {
      reader = new Admin(this.#options(cluster, '-reader'));
      setRequestLimits(reader, this.#config.kafkaClient);
      this.#readers.set(cluster, reader);
    }
    return { admin, reader };
  }

  /**
   * A client of its own for the cluster's live tails (TailHub), which the caller closes when they end.
   * Their fetches wait on the broker for new data, and a broker serves one request per connection at a
   * time, so sharing connections would make every other read wait behind them.
   */
  tailClient(cluster: string): Admin {
    this.#admin(cluster);
    return new Admin(this.#options(cluster, '-tail'));
  }

  /**
   * The cluster's producer, created on first use: acks from all in-sync replicas, and idempotent, so that
   * a send retried after a timeout the broker had in fact written is written once. The client library
   * turns an idempotent producer's 0 or 1 retries into unlimited ones; a console request must end, so it
   * retries twice, or as configured when that is more.
   */
  producer(cluster: string): Producer {
    this.#admin(cluster);
    let producer = this.#producers.get(cluster);
    if (!producer) {
      producer = new Producer({
        ...this.#options(cluster, '-producer'),
        acks: ProduceAcks.ALL,
        idempotent: true,
        retries: Math.max(2, this.#config.kafkaClient.retries),
        autocreateTopics: false,
      });
      this.#producers.set(cluster, producer);
    }
    return producer;
  }

  /** Connection options of the cluster for a client the caller makes and closes (the lag sampler's election). */
  connection(cluster: string, suffix: string) {
    return this.#options(cluster, suffix);
  }

  /** The cluster's connection, built once: its stores read and its token source shared by every client. */
  #connection(cluster: string): Connection {
    let connection = this.#connections.get(cluster);
    if (!connection) {
      const settings = this.#config.clusters[cluster];
      if (!settings) throw notFound(`Cluster '${cluster}' not found`);
      connection = connectionOf(cluster, settings.properties, this.#config.kafkaClient);
      this.#connections.set(cluster, connection);
    }
    return connection;
  }

  #options(cluster: string, suffix: string) {
    const { options } = this.#connection(cluster);
    return { ...options, clientId: `${options.clientId}${suffix}` };
  }

  #admin(cluster: string): Admin {
    const existing = this.#admins.get(cluster);
    if (existing) return existing;
    const admin = new Admin(this.#connection(cluster).options);
    setRequestLimits(admin, this.#config.kafkaClient);
    this.#admins.set(cluster, admin);
    return admin;
  }
}
