import { randomUUID } from 'node:crypto';
import type { MoveEnd, MoveProgress } from '@console/contract';

/** How long a finished run's last counts and cursor stay readable. */
const KEEP_FINISHED_MS = 60 * 60 * 1000;
/** Finished runs kept at most (the oldest go first). */
const KEEP_FINISHED = 500;

type Job = {
  owner: string;
  cluster: string;
  stop: boolean;
  last: MoveProgress | undefined;
  end: MoveEnd | undefined;
  finishedAt: number | undefined;
};

/**
 * The runs of this replica (docs/api-conventions.md#redrive-and-replay): Stop marks one, and the counts
 * and cursor of each stay readable for an hour after it ends, so a client that lost the stream still
 * learns exactly where to resume. Only the user who started a run may stop or read it.
 */
export class MoveJobs {
  readonly #jobs = new Map<string, Job>();

  start(owner: string, cluster: string): { id: string; stopped: () => boolean } {
    this.#prune();
    const id = randomUUID();
    const job: Job = { owner, cluster, stop: false, last: undefined, end: undefined, finishedAt: undefined };
    this.#jobs.set(id, job);
    return { id, stopped: () => job.stop };
  }

  /** The run's latest counts (a progress event's data), or its end. */
  update(id: string, data: MoveProgress, end?: MoveEnd): void {
    const job = this.#jobs.get(id);
    if (!job) return;
    job.last = data;
    if (end) job.end = end;
  }

  finish(id: string): void {
    const job = this.#jobs.get(id);
    if (job) job.finishedAt = Date.now();
  }

  /** Undefined when there is no such run of this user on this cluster. */
  find(id: string, owner: string, cluster: string) {
    const job = this.#jobs.get(id);
    if (!job || job.owner !== owner || job.cluster !== cluster) return undefined;
    return {
      running: job.finishedAt === undefined,
      last: job.end ?? job.last,
      stop: () => {
        job.stop = true;
      },
    };
  }

  #prune(): void {
    const now = Date.now();
    const finished = [...this.#jobs].filter(([, j]) => j.finishedAt !== undefined);
    for (const [id, job] of finished) {
      if (now - (job.finishedAt ?? now) > KEEP_FINISHED_MS) this.#jobs.delete(id);
    }
    const left = finished.filter(([id]) => this.#jobs.has(id));
    for (const [id] of left.slice(0, Math.max(0, left.length - KEEP_FINISHED))) this.#jobs.delete(id);
  }
}
