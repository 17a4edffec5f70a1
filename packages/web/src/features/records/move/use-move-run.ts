import {
  MOVE_EVENT,
  type MoveCounts,
  MoveCounts as MoveCountsSchema,
  type MoveEnd,
  type MoveProgress,
  type MoveStart,
} from '@console/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPath } from '../../../api/base-path';
import { ApiError, isAbortError } from '../../../api/errors';
import { apiRequest } from '../../../api/http';
import { sseEvents } from '../../../api/sse/sse';

export type MoveKind = 'redrive' | 'replay';

export type MoveState = {
  phase: 'idle' | 'counting' | 'counted' | 'running' | 'ended' | 'failed';
  counts?: MoveCounts;
  progress?: MoveProgress;
  end?: MoveEnd;
  error?: string;
  /** Field the server named in a refusal (`body.target.topic`), to show at that field. */
  field?: string;
};

/**
 * A redrive or replay from the page (docs/behaviour.md#redrive-and-replay): the dry run's counts, then the run's
 * progress events; Stop asks the server to end after the records in flight, so the last cursor is exact.
 */
export function useMoveRun(cluster: string, topic: string, kind: MoveKind) {
  const [state, setState] = useState<MoveState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const id = useRef<string | null>(null);
  const path = apiPath(cluster, 'topic', topic, 'data', kind);
  useEffect(() => () => abort.current?.abort(), []);

  const failed = useCallback((error: unknown, progress: MoveProgress | undefined) => {
    const next = failedState(error, progress);
    if (next) setState(next);
  }, []);

  const count = useCallback(
    async (body: object) => {
      setState({ phase: 'counting' });
      try {
        const counts = await apiRequest(path, {
          method: 'POST',
          body: { ...body, dryRun: true },
          schema: MoveCountsSchema,
        });
        setState({ phase: 'counted', counts });
      } catch (error) {
        failed(error, undefined);
      }
    },
    [path, failed],
  );

  const run = useCallback(
    async (body: object) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      let progress: MoveProgress | undefined;
      setState({ phase: 'running' });
      try {
        for await (const message of sseEvents(path, {
          post: body,
          signal: controller.signal,
          errorEvent: MOVE_EVENT.error,
        })) {
          if (message.event === MOVE_EVENT.start) id.current = (message.data as MoveStart).id;
          if (message.event === MOVE_EVENT.progress) {
            progress = message.data as MoveProgress;
            setState({ phase: 'running', progress });
          }
          if (message.event === MOVE_EVENT.end) {
            const end = message.data as MoveEnd;
            setState({ phase: 'ended', progress: end, end });
          }
        }
      } catch (error) {
        failed(error, progress);
      }
    },
    [path, failed],
  );

  const stop = useCallback(async () => {
    if (!id.current) return abort.current?.abort();
    await apiRequest(apiPath(cluster, 'data', 'move', id.current, 'stop'), { method: 'POST' }).catch(() =>
      abort.current?.abort(),
    );
  }, [cluster]);

  return { state, count, run, stop };
}

/** The state after a failure; undefined when the page itself aborted the stream. */
function failedState(error: unknown, progress: MoveProgress | undefined): MoveState | undefined {
  if (isAbortError(error)) return undefined;
  const field = error instanceof ApiError ? error.details.fields?.[0]?.field : undefined;
  return {
    phase: 'failed',
    ...(progress ? { progress } : {}),
    error: error instanceof Error ? error.message : String(error),
    ...(field ? { field } : {}),
  };
}
