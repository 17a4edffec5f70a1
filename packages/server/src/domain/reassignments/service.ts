import type { ReassignmentCancel, ReassignmentRequest } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { NameFilter } from '../access/roles.ts';
import {
  cancelReassignment,
  changeReplicationFactor,
  clearThrottle,
  listReassignments,
  listThrottles,
  startReassignment,
} from './reassignments.ts';

/** The reassignment screens' operations on a cluster. */
export function reassignmentService(kafka: KafkaPool) {
  return {
    /** Ongoing moves of topics the caller may see, and the brokers' throttles (they name no topic). */
    async list(cluster: string, visibleTopic: NameFilter) {
      const [reassignments, throttles] = await kafka.run(cluster, (admin) =>
        Promise.all([listReassignments(admin), listThrottles(admin)]),
      );
      return { reassignments: reassignments.filter((r) => visibleTopic(r.topic)), throttles };
    },

    start: async (cluster: string, request: ReassignmentRequest) => ({
      partitions: await kafka.run(cluster, (admin) => startReassignment(admin, request)),
    }),

    cancel: async (cluster: string, request: ReassignmentCancel) => ({
      partitions: await kafka.run(cluster, (admin) => cancelReassignment(admin, request)),
    }),

    clearThrottle: (cluster: string, topics: readonly string[]) =>
      kafka.run(cluster, (admin) => clearThrottle(admin, topics)),

    changeReplicationFactor: (cluster: string, topic: string, factor: number, throttle?: number) =>
      kafka.run(cluster, (admin) => changeReplicationFactor(admin, topic, factor, throttle)),
  };
}

export type ReassignmentService = ReturnType<typeof reassignmentService>;
