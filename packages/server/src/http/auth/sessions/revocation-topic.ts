import type { Admin, Producer } from '@platformatic/kafka';
import type { FastifyBaseLogger } from 'fastify';
import { ensureOnce } from '../../../kafka/cluster/internal-topic.ts';
import { TopicFollower } from '../../../kafka/cluster/topic-follower.ts';
import type { KafkaPool } from '../../../kafka/pool.ts';
import type { Config } from '../../../platform/config/schema.ts';

/**
 * Logouts shared through a topic (`security.jwt.revocationTopic`): each logout is written as the signed
 * revocation token the peers' HTTP message carries (revocation-peers.ts), and every replica reads the
 * topic from its start, so a replica started later, or down at the time, refuses the token too. Tokens
 * are checked with the shared secret: writing to the topic cannot end sessions without it. Retention is
 * twice a session's lifetime: older logouts concern expired tokens.
 */
export class RevocationTopic {
  readonly #topic: string;
  readonly #admin: Admin;
  readonly #producer: Producer;
  readonly #tailClient: Admin;
  readonly #log: FastifyBaseLogger;
  readonly #ensure: () => Promise<void>;
  #follower: TopicFollower | undefined;

  constructor(config: Config, pool: KafkaPool, topic: string, log: FastifyBaseLogger) {
    const { jwt } = config.security;
    const cluster = jwt.revocationCluster ?? pool.clusterIds()[0] ?? '';
    this.#topic = topic;
    this.#log = log;
    this.#admin = pool.readClients(cluster).admin;
    this.#producer = pool.producer(cluster);
    this.#tailClient = pool.tailClient(cluster);
    this.#ensure = ensureOnce(this.#admin, {
      name: topic,
      partitions: 1,
      configs: {
        'cleanup.policy': 'delete',
        'retention.ms': String(jwt.lifetimeSeconds * 2000),
      },
    });
  }

  /** Reads every logout written, from the topic's start on, into `revoke` (which checks the signature). */
  start(revoke: (token: string) => boolean): void {
    this.#follower ??= new TopicFollower(
      { admin: this.#admin, reader: this.#tailClient },
      this.#topic,
      (records) => {
        for (const record of records) if (record.value) revoke(record.value.toString('utf8'));
      },
      this.#log,
      this.#ensure,
    );
  }

  async publish(token: string, jti: string): Promise<void> {
    try {
      await this.#ensure();
      await this.#producer.send({
        messages: [{ topic: this.#topic, key: Buffer.from(jti), value: Buffer.from(token) }],
      });
    } catch (error) {
      this.#log.warn(
        { err: error, topic: this.#topic },
        'a logout could not be written for the other replicas',
      );
    }
  }

  async close(): Promise<void> {
    await this.#follower?.close();
    await this.#tailClient.close();
  }
}
