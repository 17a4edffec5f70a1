/**
 * Data already written as JSON text, e.g. assembled from pieces shared by many streams: the SSE writer
 * (http/sse.ts) sends the text as it is. `T` is what the text holds, for the type checker only.
 */
export class RawJson<T = unknown> {
  readonly text: string;
  declare readonly json?: T;
  constructor(text: string) {
    this.text = text;
  }
}

/** Events of a stream whose data may also go out as JSON text made already. */
export type OrRawJson<E extends { event: string; data: unknown }> = E extends unknown
  ? { event: E['event']; data: E['data'] | RawJson<E['data']> }
  : never;
