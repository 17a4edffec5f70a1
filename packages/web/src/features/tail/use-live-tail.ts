import { type DataRecord, TAIL_EVENT, TailBody } from '@console/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiPath } from '../../api/base-path';
import { sseEvents } from '../../api/sse/sse';
import { addDataRecords, type TailStatus } from './tail-rows';

export type TailRequest = { topics: string[]; search: string; size: number };

/**
 * The live tail's state machine (docs/behaviour.md#live-tail): STOPPED at first; start (Search) clears the
 * rows and opens the stream (STARTED); pause closes it (PAUSED) and resume opens it again from the offsets
 * the last event carried, so nothing is missed; a stream error or its end is STOPPED. Leaving the page closes
 * the stream. A `tailError` event arrives as the ApiError with its code (api/sse/stream-error.ts).
 */
export function useLiveTail(cluster: string, onError: (error: unknown) => void) {
  const [status, setStatus] = useState<TailStatus>('STOPPED');
  const [rows, setRows] = useState<DataRecord[]>([]);
  const stream = useRef<AbortController | undefined>(undefined);
  const offsets = useRef<string[]>([]);
  const request = useRef<TailRequest | undefined>(undefined);

  const close = useCallback(() => {
    stream.current?.abort();
    stream.current = undefined;
  }, []);

  const open = useCallback(
    (wanted: TailRequest, after: string[]) => {
      close();
      const controller = new AbortController();
      stream.current = controller;
      request.current = wanted;
      setStatus('STARTED');
      void (async () => {
        try {
          const query = {
            topics: wanted.topics,
            size: wanted.size,
            ...(wanted.search ? { search: wanted.search } : {}),
            ...(after.length ? { after } : {}),
          };
          for await (const { event, data } of sseEvents(apiPath(cluster, 'tail', 'sse'), {
            query,
            signal: controller.signal,
            errorEvent: TAIL_EVENT.error,
          })) {
            if (event !== TAIL_EVENT.body) continue;
            const body = TailBody.parse(data);
            if (body.offsets) offsets.current = body.offsets;
            const records = body.records ?? [];
            if (records.length) setRows((shown) => addDataRecords(shown, records, wanted.size));
          }
          if (!controller.signal.aborted) setStatus('STOPPED');
        } catch (error) {
          if (controller.signal.aborted) return;
          setStatus('STOPPED');
          onError(error);
        }
      })();
    },
    [cluster, close, onError],
  );

  useEffect(() => close, [close]);

  return {
    status,
    rows,
    start: (wanted: TailRequest) => {
      offsets.current = [];
      setRows([]);
      open(wanted, []);
    },
    pause: () => {
      close();
      setStatus('PAUSED');
    },
    resume: () => {
      if (request.current) open(request.current, offsets.current);
    },
    /** Search text, topics or Max Records changed: the stream stops and the rows go. */
    reset: () => {
      close();
      offsets.current = [];
      setRows([]);
      setStatus('STOPPED');
    },
    clear: () => setRows([]),
  };
}
