import type { ErrorEnvelope } from '../common/errors.ts';
import type { TailBody } from './tail.ts';
import type { SearchBody, SearchEnd } from './topic-data.ts';

/**
 * The search stream's event names (docs/api-conventions.md#search-stream): `searchBody` events, then one
 * `searchEnd`; `searchError` instead when the scan fails.
 */
export const SEARCH_EVENT = { body: 'searchBody', end: 'searchEnd', error: 'searchError' } as const;

/**
 * The live tail's event names (docs/api-conventions.md#live-tail): `tailBody` events until the client
 * leaves; `tailError` when reading fails.
 */
export const TAIL_EVENT = { body: 'tailBody', error: 'tailError' } as const;

/** What any stream sends last when the server shuts down, whatever its own events are. */
export const STREAM_SHUTDOWN_EVENT = 'error';
export type StreamShutdown = Pick<ErrorEnvelope, 'message' | 'code'>;

/** Each search stream event's data, by event name. */
export type SearchEvents = {
  [SEARCH_EVENT.body]: SearchBody;
  [SEARCH_EVENT.end]: SearchEnd;
  [SEARCH_EVENT.error]: ErrorEnvelope;
};

/** Each live tail event's data, by event name. */
export type TailEvents = {
  [TAIL_EVENT.body]: TailBody;
  [TAIL_EVENT.error]: ErrorEnvelope;
};

/** One event of a stream whose events are `Events`: its name and its data, narrowed by the name. */
export type StreamEvent<Events> = {
  [Name in keyof Events]: { event: Name; data: Events[Name] };
}[keyof Events];
export type SearchEvent = StreamEvent<SearchEvents>;
export type TailEvent = StreamEvent<TailEvents>;
