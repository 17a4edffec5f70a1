import { ImportQuery, ImportResult, TopicDataParams } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImportMedia } from '../../../domain/records/import/import.ts';
import { spool } from '../../../domain/records/import/spool.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import { clientGone } from '../../client-gone.ts';

const MEDIA: ImportMedia[] = ['application/json', 'application/x-ndjson', 'text/csv'];

const isStream = (body: unknown): body is NodeJS.ReadableStream =>
  typeof (body as NodeJS.ReadableStream | undefined)?.pipe === 'function';

/**
 * `POST …/data/import`: a file of records into a topic (docs/api-conventions.md#import). A plugin of its
 * own: here the body is not parsed but streamed to a temp file, so JSON, JSON lines and CSV of any size
 * up to `topicData.importMaxBytes` arrive without being held in memory.
 */
export const topicImportRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, writes }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(MEDIA, (_req, payload, done) => done(null, payload));

  app.post(
    '/api/:cluster/topic/:topic/data/import',
    {
      bodyLimit: config.topicData.importMaxBytes,
      config: {
        access: { resource: 'TOPIC_DATA', action: 'CREATE' },
        operation: {
          operationId: 'importRecords',
          // A file is not something an agent sends as a tool argument.
          tool: { none: 'the body is a file, streamed' },
          summary: 'Write the records of a JSON, JSON lines or CSV file to a topic',
          bodyMedia: MEDIA,
        },
        bodyLimitKey: 'topicData.importMaxBytes',
      },
      schema: {
        tags: ['topic-data'],
        params: TopicDataParams,
        querystring: ImportQuery,
        response: { 200: ImportResult },
        description:
          'Every line is checked before any is written: with `onError=stop` (default) one bad line answers 400 listing the bad lines (`fields`: `body.line.<n>`) and writes nothing. 413 past `topicData.importMaxBytes`.',
      },
    },
    async (req, reply) => {
      const media = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() as ImportMedia;
      // Without a body Fastify runs no parser: there is no stream to read.
      if (!MEDIA.includes(media) || !isStream(req.body)) {
        throw badRequest('body', `the file, as the body, with Content-Type ${MEDIA.join(', ')}`);
      }
      const signal = clientGone(reply);
      const file = await spool(req.body, config.topicData.importMaxBytes, signal);
      try {
        return await writes.import(req.params.cluster, req.params.topic, file, media, req.query, signal);
      } finally {
        await file.remove();
      }
    },
  );
};
