import type {
  CopyBody,
  CopyResult,
  DataRecord,
  GenerateBody,
  GenerateResult,
  ImportQuery,
  ImportResult,
  ProduceBody,
} from '@console/contract';
import { FetchIsolationLevels, ListOffsetTimestamps } from '@platformatic/kafka';
import { translateKafkaError } from '../../kafka/errors.ts';
import { Budget } from '../../kafka/fetch/budget.ts';
import { topicMetadata } from '../../kafka/metadata.ts';
import { listOffsets, partitionOffsets } from '../../kafka/offsets.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import { conflict, missing } from '../../platform/errors.ts';
import { copyRecords, copySpans } from './copy.ts';
import type { SchemaCache } from './decode/registry.ts';
import { topicCodecs } from './formats/topic-codecs.ts';
import { recordSender } from './generate/send.ts';
import { type ImportMedia, importFile, sender } from './import/import.ts';
import type { Spooled } from './import/spool.ts';
import { encodeAll, pairsOf, partitionFor, send } from './produce.ts';
import { cleanupPolicy } from './topic-info.ts';

/**
 * Produce, delete a record, empty, copy (docs/api-conventions.md#record-reads: produce, delete and empty,
 * copy).
 */
export function topicWriteService(
  config: Config,
  pool: KafkaPool,
  schemas: (cluster: string) => SchemaCache | undefined,
) {
  const produceTo = async (cluster: string, topic: string, write: Parameters<typeof send>[2]) => {
    try {
      return await send(pool.producer(cluster), topic, write);
    } catch (error) {
      throw translateKafkaError(cluster, error) ?? error;
    }
  };

  return {
    async produce(cluster: string, topic: string, body: ProduceBody): Promise<DataRecord[]> {
      const pairs = pairsOf(body);
      const { meta, policy } = await pool.run(cluster, async (admin) => ({
        meta: (await topicMetadata(admin, topic)).meta,
        policy: await cleanupPolicy(admin, topic),
      }));
      if (policy.includes('compact') && pairs.some((p) => p.key === null)) {
        throw conflict(`Key missing for produce onto compacted topic '${topic}'`);
      }
      const codecs = topicCodecs(config)(cluster, topic);
      return produceTo(cluster, topic, await encodeAll(pairs, body, schemas(cluster), meta, codecs));
    },

    /** A tombstone for one key (base64 of its bytes) in one partition of a compacted topic. */
    async deleteRecord(cluster: string, topic: string, partition: number, key: string) {
      const keyBytes = Buffer.from(key, 'base64');
      const meta = await pool.run(cluster, async (admin) => {
        const found = (await topicMetadata(admin, topic)).meta;
        if (!(await cleanupPolicy(admin, topic)).includes('compact')) {
          throw conflict(`Topic '${topic}' is not compacted: a tombstone would delete nothing`);
        }
        return found;
      });
      if (partition < 0 || partition >= meta.partitions.length) {
        throw missing('querystring.partition', `topic '${topic}' has ${meta.partitions.length} partition(s)`);
      }
      const text = keyBytes.toString('utf8');
      const [written] = await produceTo(cluster, topic, [
        {
          partition,
          key: keyBytes,
          value: null,
          headers: [],
          timestamp: Date.now(),
          shown: { key: text, value: null },
        },
      ]);
      if (!written) throw conflict('The broker did not acknowledge the tombstone');
      return written;
    },

    /** deleteRecords up to the end of every partition; refused unless the cleanup policy has `delete`. */
    empty: (cluster: string, topic: string): Promise<void> =>
      pool.run(cluster, async (admin) => {
        const { view, meta } = await topicMetadata(admin, topic);
        if (!(await cleanupPolicy(admin, topic)).includes('delete')) {
          throw conflict(`Topic '${topic}' can only be emptied with the delete cleanup policy`);
        }
        const [ends, starts] = await Promise.all([
          listOffsets(
            admin,
            view,
            [meta],
            ListOffsetTimestamps.LATEST,
            FetchIsolationLevels.READ_UNCOMMITTED,
          ),
          partitionOffsets(admin, view, [meta]),
        ]);
        const partitions = [...(ends.get(topic) ?? [])]
          .filter(([p, end]) => end.offset > (starts.get(topic)?.get(p)?.first ?? 0))
          .map(([partition, end]) => ({ partition, offset: BigInt(end.offset) }));
        if (partitions.length) await admin.deleteRecords({ topics: [{ name: topic, partitions }] });
      }),

    /** A file of records into `topic` (docs/api-conventions.md#import): checked whole, then written. */
    async import(
      cluster: string,
      topic: string,
      file: Spooled,
      media: ImportMedia,
      options: ImportQuery,
      signal: AbortSignal,
    ): Promise<ImportResult> {
      const { meta, policy } = await pool.run(cluster, async (admin) => ({
        meta: (await topicMetadata(admin, topic)).meta,
        policy: await cleanupPolicy(admin, topic),
      }));
      const target = {
        topic: meta,
        keepPartitions: options.keepPartitions,
        compacted: policy.includes('compact'),
        schemas: schemas(cluster),
        codecs: topicCodecs(config)(cluster, topic),
      };
      try {
        return await importFile({
          file,
          media,
          target,
          options,
          send: sender(pool.producer(cluster), topic),
          signal,
        });
      } catch (error) {
        throw translateKafkaError(cluster, error) ?? error;
      }
    },

    /** Fake records (docs/api-conventions.md#generate); faker and the generators load on the first call. */
    async generate(
      cluster: string,
      topic: string,
      body: GenerateBody,
      preview: number | undefined,
      signal: AbortSignal,
    ): Promise<GenerateResult> {
      const { meta, policy } = await pool.run(cluster, async (admin) => ({
        meta: (await topicMetadata(admin, topic)).meta,
        policy: await cleanupPolicy(admin, topic),
      }));
      const { generateRecords } = await import('./generate/generate.ts');
      try {
        return await generateRecords({
          body,
          preview,
          topic: meta,
          compacted: policy.includes('compact'),
          schemas: schemas(cluster),
          partitionFor,
          send: recordSender(pool.producer(cluster), topic),
          signal,
        });
      } catch (error) {
        throw translateKafkaError(cluster, error) ?? error;
      }
    },

    async copy(
      cluster: string,
      topic: string,
      toCluster: string,
      toTopic: string,
      body: CopyBody,
      signal: AbortSignal,
    ): Promise<CopyResult> {
      // 409 with AKHQ's words (docs/api-conventions.md#copy).
      if (body.length === 0) throw conflict('Empty collections: list the partitions to copy');
      if (cluster === toCluster && topic === toTopic) throw conflict('Can not copy topic to itself');
      const to = await pool.run(toCluster, async (admin) => (await topicMetadata(admin, toTopic)).meta);
      const source = await pool.run(cluster, async (admin) => {
        const { view, meta } = await topicMetadata(admin, topic);
        const offsets = (await partitionOffsets(admin, view, [meta])).get(topic) ?? new Map();
        return { admin, view, meta, offsets };
      });
      const spans = copySpans(body, source.offsets);
      try {
        return await copyRecords(
          {
            cluster,
            admin: source.admin,
            client: pool.readClients(cluster).reader,
            from: source.meta,
            brokers: source.view.brokers,
            offsets: source.offsets,
            to,
            producer: pool.producer(toCluster),
            budget: Budget.of(config),
            signal,
            sessions: config.topicData.fetchSessions,
          },
          spans,
        );
      } catch (error) {
        throw translateKafkaError(cluster, error) ?? error;
      }
    },
  };
}
