import type { TopicMeta } from '../metadata.ts';

/** KIP-227's ids and epochs (Kafka's FetchMetadata.java). */
const NO_SESSION_ID = 0;
const INITIAL_EPOCH = 0;
const FINAL_EPOCH = -1;
const FETCH_SESSION_ID_NOT_FOUND = 70;
const INVALID_FETCH_SESSION_EPOCH = 71;
const FETCH_SESSION_TOPIC_ID_ERROR = 106;
/** Whole-answer errors that say the session is gone or out of step: the request goes again as a full one. */
const SESSION_ERRORS = new Set([
  FETCH_SESSION_ID_NOT_FOUND,
  INVALID_FETCH_SESSION_EPOCH,
  FETCH_SESSION_TOPIC_ID_ERROR,
]);

/** One partition as a request asks it: where to read from and how many bytes at most. */
export type SessionWant = { partition: number; offset: number; maxBytes: number };
export type SessionTopic = { topic: TopicMeta; wants: readonly SessionWant[] };

/** The session part of one Fetch request: its id and epoch, the partitions it names, those it drops. */
export type SessionRequest = {
  sessionId: number;
  epoch: number;
  topics: SessionTopic[];
  forgotten: { topic: TopicMeta; partitions: number[] }[];
};

/** Sessions opened, closed and reset by every reader; tests and the bench read them. */
export const fetchSessionStats = { opened: 0, closed: 0, resets: 0, incremental: 0, full: 0 };

/** What `answered` tells the caller: use the answer, or send the request again (now a full one). */
export type SessionOutcome = 'use' | 'again';

type Held = { topic: TopicMeta; want: SessionWant };
const keyOf = (topic: TopicMeta, partition: number) => `${topic.id}\u0000${topic.name}\u0000${partition}`;

/** Kafka's FetchMetadata.nextEpoch: 1, 2, … up to the largest int32, then 1 again. */
export const nextEpoch = (epoch: number) => (epoch < 0 ? FINAL_EPOCH : epoch === 0x7fffffff ? 1 : epoch + 1);

/**
 * The client side of one incremental fetch session (KIP-227) with one broker, as Kafka's
 * FetchSessionHandler keeps it, for a reader that sends one Fetch at a time to that broker.
 *
 * The first request goes without a session (epoch -1): a read that one answer ends leaves nothing on the
 * broker. The second is a full fetch with epoch 0, which asks the broker for a session; with its id, each
 * later request names only the partitions whose offset or byte limit changed (the broker keeps the
 * others where they were and answers only the partitions with something new), and lists under
 * `forgottenTopicsData` those no longer wanted. A session error (the broker evicted or lost the session,
 * or the epochs went out of step) sends the same request again as a full fetch; a broker with no slot
 * free answers without a session and every request stays a full one. `close` ends the session
 * (epoch -1): each open session holds one of the broker's `max.incremental.fetch.session.cache.slots`.
 */
export class FetchSession {
  #id = NO_SESSION_ID;
  #epoch = FINAL_EPOCH;
  /** The partitions the broker's session holds, as last sent. */
  #held = new Map<string, Held>();
  #asked: Map<string, Held> | undefined;

  /** The broker's id of the session, 0 while there is none. */
  get id(): number {
    return this.#id;
  }

  /** The request for `wanted`, every partition the reader wants from this broker now. */
  request(wanted: readonly SessionTopic[]): SessionRequest {
    const asked = new Map<string, Held>();
    for (const { topic, wants } of wanted)
      for (const want of wants) asked.set(keyOf(topic, want.partition), { topic, want });
    this.#asked = asked;
    if (this.#id === NO_SESSION_ID || this.#epoch <= INITIAL_EPOCH) {
      fetchSessionStats.full++;
      return { sessionId: this.#id, epoch: this.#epoch, topics: [...wanted], forgotten: [] };
    }
    fetchSessionStats.incremental++;
    const changed = new Map<TopicMeta, SessionWant[]>();
    for (const [key, { topic, want }] of asked) {
      const held = this.#held.get(key)?.want;
      if (held && held.offset === want.offset && held.maxBytes === want.maxBytes) continue;
      changed.set(topic, [...(changed.get(topic) ?? []), want]);
    }
    const dropped = new Map<TopicMeta, number[]>();
    for (const [key, { topic, want }] of this.#held) {
      if (!asked.has(key)) dropped.set(topic, [...(dropped.get(topic) ?? []), want.partition]);
    }
    return {
      sessionId: this.#id,
      epoch: this.#epoch,
      topics: [...changed].map(([topic, wants]) => ({ topic, wants })),
      forgotten: [...dropped].map(([topic, partitions]) => ({ topic, partitions })),
    };
  }

  /** Reads the answer's error code and session id; 'again' when the request must go again, as a full one. */
  answered(errorCode: number, sessionId: number): SessionOutcome {
    const asked = this.#asked ?? new Map<string, Held>();
    this.#asked = undefined;
    if (SESSION_ERRORS.has(errorCode)) {
      fetchSessionStats.resets++;
      // The session is gone: ask for a new one. Out of step: close it and ask for a new one in one request.
      if (errorCode === FETCH_SESSION_ID_NOT_FOUND) this.#id = NO_SESSION_ID;
      this.#epoch = INITIAL_EPOCH;
      this.#held.clear();
      return 'again';
    }
    if (errorCode !== 0) {
      this.failed();
      return 'use';
    }
    const before = this.#id;
    if (sessionId === NO_SESSION_ID) {
      // No session (the first request, none created, or the broker closed it): the next one asks for one.
      this.#id = NO_SESSION_ID;
      this.#epoch = INITIAL_EPOCH;
      this.#held.clear();
      return 'use';
    }
    if (before !== sessionId) fetchSessionStats.opened++;
    this.#id = sessionId;
    this.#epoch = nextEpoch(this.#epoch);
    this.#held = asked;
    return 'use';
  }

  /** The request failed on its way (connection lost, timeout): the next one replaces the session. */
  failed(): void {
    this.#asked = undefined;
    this.#epoch = INITIAL_EPOCH;
    this.#held.clear();
  }

  /** The request that closes the session (epoch -1, nothing named), or undefined when none is open. */
  close(): SessionRequest | undefined {
    const id = this.#id;
    this.#id = NO_SESSION_ID;
    this.#epoch = FINAL_EPOCH;
    this.#held.clear();
    if (id === NO_SESSION_ID) return undefined;
    fetchSessionStats.closed++;
    return { sessionId: id, epoch: FINAL_EPOCH, topics: [], forgotten: [] };
  }
}
