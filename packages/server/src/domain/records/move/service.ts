import type { MoveCounts, MoveEnd, MoveEvent, RedriveBody, ReplayBody } from '@console/contract';
import { MOVE_EVENT } from '@console/contract';
import { translateKafkaError } from '../../../kafka/errors.ts';
import { Budget } from '../../../kafka/fetch/budget.ts';
import { readMetadata, topicMetadata } from '../../../kafka/metadata.ts';
import type { KafkaPool } from '../../../kafka/pool.ts';
import type { Config } from '../../../platform/config/schema.ts';
import { AppError, conflict } from '../../../platform/errors.ts';
import { filterLibrary } from '../filter-library.ts';
import type { TopicDataService } from '../service.ts';
import { MoveJobs } from './jobs.ts';
import { countMove, type MoveJob, runMove, type TargetState } from './move.ts';
import { planMove } from './move-plan.ts';
import { destinationOf, outgoingHeaders, type TargetRule } from './targets.ts';

/** Who asks: their name (a run is theirs alone) and which topics of the target cluster they may write. */
export type MoveCaller = { user: string; mayWrite: (topic: string) => boolean };

/** A prepared move: the dry run's counts, or the run's events once the response is open. */
export type Move =
  | { dryRun: true; counts: MoveCounts & { reason: MoveEnd['reason'] } }
  | { dryRun: false; events: (signal: AbortSignal) => AsyncIterable<MoveEvent> };

type Common = Pick<RedriveBody, 'filter' | 'ratePerSecond' | 'dryRun' | 'partitioning'> &
  Parameters<typeof planMove>[3];

const expressionOf = async (filter: string | undefined) => {
  if (!filter) return undefined;
  return (await filterLibrary()).compileFilter(filter, 'body.filter');
};

/**
 * Redrive a dead-letter topic and replay a range (docs/api-conventions.md#redrive-and-replay): one reader
 * and writer, the target chosen per record (headers) or fixed.
 */
export function moveService(config: Config, pool: KafkaPool, records: TopicDataService) {
  const jobs = new MoveJobs();

  const prepare = async (
    cluster: string,
    topic: string,
    body: Common,
    to: { cluster: string; rule: TargetRule; keepErrorHeaders: boolean },
    caller: MoveCaller,
  ): Promise<Move> => {
    const expression = await expressionOf(body.filter);
    const { admin, view, meta, plan } = await pool.run(cluster, async (admin) => {
      const { view, meta } = await topicMetadata(admin, topic);
      return { admin, view, meta, plan: await planMove(admin, view, meta, body) };
    });
    const fixed = to.rule.rule === 'topic' ? to.rule.topic : undefined;
    if (fixed !== undefined) {
      // A fixed target is checked before anything is read: refused or missing, nothing starts.
      if (!caller.mayWrite(fixed))
        throw new AppError('FORBIDDEN', `You may not write to target topic '${fixed}'`);
      await pool.run(to.cluster, (a) => topicMetadata(a, fixed));
    }
    const target = async (name: string): Promise<TargetState> => {
      if (!caller.mayWrite(name)) return 'denied';
      const found = (await pool.run(to.cluster, (a) => readMetadata(a, [name]))).topics.get(name);
      return found ? { partitions: found.partitions.length } : 'missing';
    };
    const job = (signal: AbortSignal, budget: Budget, stopped: () => boolean): MoveJob => ({
      source: {
        cluster,
        client: pool.readClients(cluster).reader,
        admin,
        topic: meta,
        brokers: view.brokers,
        budget,
        signal,
        decode: records.decodeFor(cluster)(meta),
        // Refused upstream for a masked viewer: a move writes whole records.
        mask: undefined,
        filters: {},
        expression,
        endTimestamp: body.endTimestamp ? Date.parse(body.endTimestamp) : undefined,
        sessions: config.topicData.fetchSessions,
      },
      plan,
      destination: (record) => destinationOf(to.rule, record),
      headers: (record) => outgoingHeaders(record, to.keepErrorHeaders),
      partitioning: body.partitioning,
      target,
      producer: pool.producer(to.cluster),
      ratePerSecond: body.ratePerSecond,
      stopped,
    });
    const translated = (error: unknown) => translateKafkaError(cluster, error) ?? error;
    if (body.dryRun) {
      const counts = await countMove(job(new AbortController().signal, Budget.of(config), () => false)).catch(
        (error: unknown) => Promise.reject(translated(error)),
      );
      return { dryRun: true, counts };
    }
    return {
      dryRun: false,
      events: (signal) => tracked(signal, job),
    };

    async function* tracked(signal: AbortSignal, make: typeof job): AsyncGenerator<MoveEvent> {
      const run = jobs.start(caller.user, cluster);
      try {
        // A run is bounded by its range and by Stop, as a download is by the client: no scan budget.
        for await (const event of runMove(make(signal, Budget.asked({}), run.stopped), run.id)) {
          if (event.event === MOVE_EVENT.progress) jobs.update(run.id, event.data);
          if (event.event === MOVE_EVENT.end) jobs.update(run.id, event.data, event.data);
          yield event;
        }
      } catch (error) {
        throw translated(error);
      } finally {
        jobs.finish(run.id);
      }
    }
  };

  return {
    /** `POST …/data/redrive`: each record back to the topic its headers (or the body) name. */
    redrive: (cluster: string, topic: string, body: RedriveBody, caller: MoveCaller) => {
      const rule = body.target as TargetRule;
      if (rule.rule === 'topic' && rule.topic === topic) {
        throw conflict('Can not redrive a topic into itself');
      }
      return prepare(
        cluster,
        topic,
        body,
        { cluster, rule, keepErrorHeaders: body.keepErrorHeaders },
        caller,
      );
    },

    /** `POST …/data/replay`: a range of records, filtered and paced, to another topic. */
    replay: (cluster: string, topic: string, body: ReplayBody, caller: MoveCaller) => {
      const toCluster = body.toCluster ?? cluster;
      if (toCluster === cluster && body.toTopic === topic) throw conflict('Can not copy topic to itself');
      return prepare(
        cluster,
        topic,
        body,
        { cluster: toCluster, rule: { rule: 'topic', topic: body.toTopic }, keepErrorHeaders: true },
        caller,
      );
    },

    /** A run's latest counts and cursor (for an hour after it ends); undefined when not the caller's. */
    status: (cluster: string, id: string, user: string) => jobs.find(id, user, cluster),
  };
}
export type MoveService = ReturnType<typeof moveService>;
