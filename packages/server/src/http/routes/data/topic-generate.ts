import { GenerateBody, GenerateQuery, GenerateResult, TopicDataParams } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';
import { clientGone } from '../../client-gone.ts';

/** `POST …/data/generate`: fake records from a registry subject or a JSON template (docs/api-conventions.md#generate). */
export const topicGenerateRoutes: FastifyPluginAsyncZod<Services> = async (app, { writes }) => {
  app.post(
    '/api/:cluster/topic/:topic/data/generate',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'CREATE',
          check: [
            { in: 'param', key: 'topic' },
            { in: 'body', key: 'subject', resource: 'SCHEMA', action: 'READ' },
            { in: 'body', key: 'keySubject', resource: 'SCHEMA', action: 'READ' },
          ],
        },
        operation: {
          operationId: 'generateRecords',
          tool: 'write',
          summary: 'Write fake records to a topic, from a registry subject or a JSON template',
        },
      },
      schema: {
        tags: ['topic-data'],
        params: TopicDataParams,
        querystring: GenerateQuery,
        body: GenerateBody,
        response: { 200: GenerateResult },
        description:
          'Exactly one of `subject` (values conform to its latest schema, encoded through it) and `template` (a JSON value whose strings hold `{{faker.<module>.<method>(<JSON argument>)}}`, `{{index}}` or `{{now}}`; an unknown method is a 400 naming it). Either `count` records, or `ratePerSecond` for `durationSeconds`. `seed` repeats the same values. `?preview=N` answers N generated records and writes nothing. A client that leaves stops the writing (`stopped`).',
      },
    },
    (req, reply) =>
      writes.generate(req.params.cluster, req.params.topic, req.body, req.query.preview, clientGone(reply)),
  );
};
