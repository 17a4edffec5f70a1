import { Readable } from 'node:stream';
import {
  ClusterParams,
  CopyBody,
  CopyParams,
  CopyResult,
  DataFiltersQuery,
  DataRecord,
  DeleteRecordBody,
  DeleteRecordQuery,
  DownloadQuery,
  LastRecords,
  ProduceBody,
  ProducedRecords,
  RecordPage,
  RecordParams,
  SEARCH_EVENT,
  TAIL_EVENT,
  TailQuery,
  TopicDataParams,
  TopicsQuery,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseMasked, viewerMasks } from '../../../domain/masking/viewer.ts';
import type { DownloadStop } from '../../../domain/records/download.ts';
import type { Services } from '../../../services.ts';
import { clientGone } from '../../client-gone.ts';
import { streamError } from '../../error-handler.ts';
import { SseStreams } from '../../sse.ts';

const tags = ['topic-data'];

export const topicDataRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { config, records: data, writes },
) => {
  const sse = new SseStreams(app);
  const masks = (req: FastifyRequest) => viewerMasks(config, req);

  app.get(
    '/api/:cluster/topic/:topic/data',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'READ' },
        operation: {
          operationId: 'browseTopicData',
          tool: 'read',
          summary: "One page of a topic's records",
        },
      },
      schema: { tags, params: TopicDataParams, querystring: DataFiltersQuery, response: { 200: RecordPage } },
    },
    (req, reply) =>
      data.page(req.params.cluster, req.params.topic, req.query, req.url, clientGone(reply), masks(req)),
  );

  app.get(
    '/api/:cluster/topic/last-record',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          check: [{ in: 'query', key: 'topics' }],
        },
        operation: {
          operationId: 'getLastRecords',
          tool: 'read',
          summary: 'The last record of each named topic',
        },
      },
      schema: { tags, params: ClusterParams, querystring: TopicsQuery, response: { 200: LastRecords } },
    },
    (req) => data.lastRecords(req.params.cluster, req.query.topics, masks(req)),
  );

  app.get(
    '/api/:cluster/topic/:topic/data/search',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'READ' },
        operation: {
          operationId: 'searchTopicData',
          tool: 'read',
          summary: "Search a topic's records (server-sent events)",
          media: ['text/event-stream'],
        },
      },
      schema: {
        tags,
        params: TopicDataParams,
        querystring: DataFiltersQuery,
        description:
          'Server-sent events: `searchBody` {records?, after?, percent}, then one `searchEnd` {after?, percent, reason, scanned}; `searchError` {message, code} if the scan fails.',
      },
    },
    async (req, reply) => {
      const events = await data.search(req.params.cluster, req.params.topic, req.query, masks(req));
      await sse.send(req, reply, events, {
        onError: (error) => ({
          event: SEARCH_EVENT.error,
          data: streamError(req.params.cluster, error, req.id),
        }),
      });
    },
  );

  app.get(
    '/api/:cluster/tail/sse',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          check: [{ in: 'query', key: 'topics' }],
          handled: { 'query.after': 'resume positions: only those of the checked topics are used' },
        },
        operation: {
          operationId: 'tailTopics',
          tool: 'read',
          summary: 'Follow new records on topics (server-sent events)',
          media: ['text/event-stream'],
        },
      },
      schema: {
        tags,
        params: ClusterParams,
        querystring: TailQuery,
        description:
          'Server-sent events of new records across the topics, from their current ends (or `after`), no consumer group: `tailBody` {records?, offsets} per answer with matches and after 10 s of quiet; `offsets` (topic,partition,offset) resume the tail as `after`. `tailError` {message, code} if reading fails.',
      },
    },
    async (req, reply) => {
      const events = await data.tail(req.params.cluster, req.query, masks(req));
      await sse.send(req, reply, events, {
        onError: (error) => ({
          event: TAIL_EVENT.error,
          data: streamError(req.params.cluster, error, req.id),
        }),
      });
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/data/download',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'READ' },
        operation: {
          operationId: 'downloadTopicData',
          tool: {
            none: 'a file download; browseTopicData and searchTopicData answer the same records, bounded',
          },
          summary: "Download a topic's matching records as JSON or CSV",
          media: ['application/json', 'text/csv'],
        },
      },
      schema: {
        tags,
        params: TopicDataParams,
        querystring: DownloadQuery,
        description:
          'Streams every matching record from the start position to the end seen when it starts, as one JSON array or CSV, at the pace the client reads; leaving stops the reads. The configured scan budgets do not apply (the range bounds it). A budget the request sets (`maxRecords`, `maxBytes`, `maxMs`) that stops it still ends a valid file with every match read, and says so in the HTTP trailers `x-scan-stop` (which budget) and `x-scan-after` (the `after` value a next download goes on from, nothing skipped or repeated).',
      },
    },
    async (req, reply) => {
      const { topic } = req.params;
      const download = await data.download(req.params.cluster, topic, req.query, masks(req));
      const json = download.format === 'JSON';
      const signal = clientGone(reply);
      reply
        .header('content-type', json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${encodeURIComponent(topic)}.${json ? 'json' : 'csv'}"`,
        )
        .header('trailer', 'x-scan-stop, x-scan-after');
      const stopped = ({ reason, after }: DownloadStop) =>
        reply.raw.addTrailers({ 'x-scan-stop': reason, ...(after ? { 'x-scan-after': after } : {}) });
      return reply.send(Readable.from(download.body(signal, stopped)));
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/data/record/:partition/:offset',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'READ' },
        operation: {
          operationId: 'getRecord',
          tool: 'read',
          summary: 'One record, untruncated',
        },
      },
      schema: { tags, params: RecordParams, response: { 200: RecordPage } },
    },
    (req, reply) => {
      const { cluster, topic, partition, offset } = req.params;
      return data.record(cluster, topic, partition, offset, clientGone(reply), masks(req));
    },
  );

  app.post(
    '/api/:cluster/topic/:topic/data',
    {
      bodyLimit: config.topicData.produceMaxBytes,
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'CREATE',
          check: [
            { in: 'param', key: 'topic' },
            { in: 'body', key: 'keySchema', resource: 'SCHEMA', action: 'READ' },
            { in: 'body', key: 'valueSchema', resource: 'SCHEMA', action: 'READ' },
          ],
        },
        operation: {
          operationId: 'produceRecords',
          tool: 'write',
          summary: 'Produce records to a topic',
        },
        bodyLimitKey: 'topicData.produceMaxBytes',
      },
      schema: {
        tags,
        params: TopicDataParams,
        body: ProduceBody,
        response: { 200: ProducedRecords },
        description: `413 when the body is larger than \`topicData.produceMaxBytes\` (default ${4 * 1024 * 1024} bytes).`,
      },
    },
    (req) => writes.produce(req.params.cluster, req.params.topic, req.body),
  );

  app.delete(
    '/api/:cluster/topic/:topic/data',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'DELETE' },
        operation: {
          operationId: 'deleteRecord',
          tool: 'destructive',
          summary: 'Write a tombstone for one key of a compacted topic',
        },
      },
      schema: {
        tags,
        params: TopicDataParams,
        querystring: DeleteRecordQuery,
        body: DeleteRecordBody,
        response: { 200: DataRecord },
      },
      // AKHQ's client sends partition and key in a JSON body: they stand in for absent query values.
      preValidation: async (req) => {
        const query = req.query as Record<string, unknown>;
        const body = req.body;
        if (!body || typeof body !== 'object') return;
        for (const name of ['partition', 'key'] as const) {
          if (query[name] === undefined && name in body)
            query[name] = (body as Record<string, unknown>)[name];
        }
      },
    },
    (req) => writes.deleteRecord(req.params.cluster, req.params.topic, req.query.partition, req.query.key),
  );

  app.delete(
    '/api/:cluster/topic/:topic/data/empty',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'DELETE' },
        operation: {
          operationId: 'emptyTopic',
          tool: 'destructive',
          summary: 'Delete every record of a topic',
        },
      },
      schema: { tags, params: TopicDataParams, response: { 204: z.void() } },
    },
    async (req, reply) => {
      await writes.empty(req.params.cluster, req.params.topic);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/:cluster/topic/:topic/copy/:toCluster/topic/:toTopic',
    {
      config: {
        // Copy reads the source (READ on :cluster and :topic) and writes the target (CREATE on both).
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          check: [
            { in: 'param', key: 'topic' },
            { in: 'param', key: 'toTopic', clusterParam: 'toCluster', action: 'CREATE' },
          ],
          handled: { 'param.toCluster': 'the cluster of toTopic: checked with it' },
        },
        operation: {
          operationId: 'copyTopicData',
          tool: 'write',
          summary: "Copy a topic's records to another topic",
        },
      },
      schema: { tags, params: CopyParams, body: CopyBody, response: { 200: CopyResult } },
    },
    (req, reply) => {
      const { cluster, topic, toCluster, toTopic } = req.params;
      refuseMasked(masks(req).topic(cluster, topic) !== undefined, `copying topic '${topic}'`);
      return writes.copy(cluster, topic, toCluster, toTopic, req.body, clientGone(reply));
    },
  );
};
