import {
  MOVE_EVENT,
  MoveCounts,
  type MoveEvent,
  MoveStatus,
  MoveStopParams,
  RedriveBody,
  ReplayBody,
  TopicDataParams,
} from '@console/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseMasked, viewerMasks } from '../../../domain/masking/viewer.ts';
import type { Move, MoveCaller } from '../../../domain/records/move/service.ts';
import { notFound } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import { streamError } from '../../error-handler.ts';
import { SseStreams } from '../../sse.ts';

const tags = ['topic-data'];

declare module 'fastify' {
  interface FastifyRequest {
    /** A redrive's or replay's latest counts and cursor, for its audit event. */
    moveSummary?: string;
  }
}

const STREAM =
  'Server-sent events: `moveStart` {id} (to stop or look up the run), `moveProgress` {read, matched, sent, targets, unresolved, after?, percent} after each acknowledged write at most every 250 ms, then `moveEnd` (the same, and `reason`: end, or stopped by Stop or the client leaving); `moveError` {message, code} if it fails, the progress event just before holding where to resume. `dryRun: true` answers the counts per target as JSON and writes nothing.';

/** The counts of an event, in the words of the audit trail: what was sent where, and where to resume. */
function summary(event: MoveEvent): string | undefined {
  if (event.event !== MOVE_EVENT.progress && event.event !== MOVE_EVENT.end) return undefined;
  const { sent, targets, after } = event.data;
  const per = Object.entries(targets)
    .map(([t, n]) => `${t}: ${n}`)
    .join(', ');
  return `sent ${sent}${per ? ` (${per})` : ''}${after ? `, resume after ${after}` : ''}`;
}

/**
 * Redrive a dead-letter topic, replay a range to another topic, and Stop or look up a run
 * (docs/api-conventions.md#redrive-and-replay).
 */
export const topicMoveRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, moves }) => {
  const sse = new SseStreams(app);

  const caller = (req: FastifyRequest, cluster: string): MoveCaller => ({
    user: req.identity?.username ?? 'anonymous',
    mayWrite: req.permissions.allow('TOPIC_DATA', 'CREATE', cluster),
  });

  const answer = async (req: FastifyRequest, reply: FastifyReply, move: Move) => {
    if (move.dryRun) return move.counts;
    await sse.send(
      req,
      reply,
      async function* (signal) {
        for await (const event of move.events(signal)) {
          req.moveSummary = summary(event) ?? req.moveSummary;
          yield event;
        }
      },
      {
        onError: (error) => ({
          event: MOVE_EVENT.error,
          data: streamError((req.params as { cluster: string }).cluster, error, req.id),
        }),
      },
    );
    return reply;
  };

  const refuseMaskedTopic = (req: FastifyRequest, cluster: string, topic: string, what: string) =>
    refuseMasked(viewerMasks(config, req).topic(cluster, topic) !== undefined, `${what} topic '${topic}'`);

  app.post(
    '/api/:cluster/topic/:topic/data/redrive',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          handled: {
            answer:
              'each target topic (from the record headers or body.target.topic) is checked for TOPIC_DATA CREATE before anything is sent to it; the dry run lists those denied',
          },
        },
        operation: {
          operationId: 'redriveTopicData',
          tool: 'write',
          summary: "Send a dead-letter topic's records back to the topics their headers name",
          media: ['application/json', 'text/event-stream'],
        },
        auditDetail: (req) => req.moveSummary,
      },
      schema: {
        tags,
        params: TopicDataParams,
        body: RedriveBody,
        response: { 200: MoveCounts },
        description: STREAM,
      },
    },
    async (req, reply) => {
      const { cluster, topic } = req.params;
      refuseMaskedTopic(req, cluster, topic, 'redriving');
      return answer(req, reply, await moves.redrive(cluster, topic, req.body, caller(req, cluster)));
    },
  );

  app.post(
    '/api/:cluster/topic/:topic/data/replay',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          handled: {
            'body.toTopic': 'checked for TOPIC_DATA CREATE on the target cluster before anything is read',
            'body.toCluster': 'the cluster of toTopic: checked with it',
          },
        },
        operation: {
          operationId: 'replayTopicData',
          tool: 'write',
          summary: "Copy a range of a topic's records, filtered and paced, to another topic",
          media: ['application/json', 'text/event-stream'],
        },
        auditDetail: (req) => req.moveSummary,
      },
      schema: {
        tags,
        params: TopicDataParams,
        body: ReplayBody,
        response: { 200: MoveCounts },
        description: STREAM,
      },
    },
    async (req, reply) => {
      const { cluster, topic } = req.params;
      refuseMaskedTopic(req, cluster, topic, 'replaying');
      const toCluster = req.body.toCluster ?? cluster;
      if (!config.clusters[toCluster]) throw notFound(`Cluster '${toCluster}' is not configured`);
      return answer(req, reply, await moves.replay(cluster, topic, req.body, caller(req, toCluster)));
    },
  );

  app.get(
    '/api/:cluster/data/move/:id',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          check: false,
          handled: { 'param.id': "a run's id: answered only to the user who started it on this cluster" },
        },
        operation: {
          operationId: 'getDataMove',
          tool: 'read',
          summary: 'A redrive or replay of yours: running or not, its latest counts and where to resume',
        },
      },
      schema: { tags, params: MoveStopParams, response: { 200: MoveStatus } },
    },
    (req) => {
      const found = moves.status(req.params.cluster, req.params.id, req.identity?.username ?? 'anonymous');
      if (!found) throw notFound(`No run '${req.params.id}' of yours on this cluster`);
      return { running: found.running, ...(found.last ? { last: found.last } : {}) };
    },
  );

  app.post(
    '/api/:cluster/data/move/:id/stop',
    {
      config: {
        access: {
          resource: 'TOPIC_DATA',
          action: 'READ',
          check: false,
          handled: { 'param.id': "a run's id: answered only to the user who started it on this cluster" },
        },
        operation: {
          operationId: 'stopDataMove',
          tool: 'write',
          summary: 'Stop a redrive or replay of yours after the records in flight',
        },
      },
      schema: { tags, params: MoveStopParams, response: { 200: MoveStatus } },
    },
    (req) => {
      const found = moves.status(req.params.cluster, req.params.id, req.identity?.username ?? 'anonymous');
      if (!found) throw notFound(`No run '${req.params.id}' of yours on this cluster`);
      found.stop();
      return { running: found.running, ...(found.last ? { last: found.last } : {}) };
    },
  );
};
