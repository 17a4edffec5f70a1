import { describe, expect, it } from 'vitest';
import type { TopicMeta } from '../metadata.ts';
import { FetchSession, nextEpoch, type SessionRequest } from './fetch-session.ts';

const topic = (name: string): TopicMeta => ({ name, id: `${name}-id`, internal: false, partitions: [] });
const orders = topic('orders');
const wanted = (offsets: Record<number, number>, maxBytes = 1000) => [
  {
    topic: orders,
    wants: Object.entries(offsets).map(([p, offset]) => ({ partition: Number(p), offset, maxBytes })),
  },
];
const named = (r: SessionRequest) =>
  r.topics.flatMap((t) => t.wants.map((w) => `${t.topic.name}/${w.partition}@${w.offset}`));
const forgotten = (r: SessionRequest) =>
  r.forgotten.flatMap((t) => t.partitions.map((p) => `${t.topic.name}/${p}`));

/** A session past its sessionless first request and its full one: the broker gave it id 42. */
function opened(offsets: Record<number, number>): FetchSession {
  const session = new FetchSession();
  session.request(wanted(offsets));
  session.answered(0, 0);
  session.request(wanted(offsets));
  session.answered(0, 42);
  return session;
}

describe('FetchSession (KIP-227)', () => {
  it('sends its first fetch without a session, then asks for one with a full fetch', () => {
    const session = new FetchSession();
    const first = session.request(wanted({ 0: 5, 1: 7 }));
    expect([first.sessionId, first.epoch]).toEqual([0, -1]);
    expect(named(first)).toEqual(['orders/0@5', 'orders/1@7']);
    session.answered(0, 0);
    const second = session.request(wanted({ 0: 5, 1: 7 }));
    expect([second.sessionId, second.epoch]).toEqual([0, 0]);
    expect(named(second)).toEqual(['orders/0@5', 'orders/1@7']);
    session.answered(0, 42);
    expect(session.id).toBe(42);
  });

  it('names only the partitions whose offset or byte limit moved, and forgets those dropped', () => {
    const session = opened({ 0: 5, 1: 7, 2: 9 });
    const idle = session.request(wanted({ 0: 5, 1: 7, 2: 9 }));
    expect([idle.sessionId, idle.epoch]).toEqual([42, 1]);
    expect(named(idle)).toEqual([]);
    expect(forgotten(idle)).toEqual([]);
    session.answered(0, 42);

    const moved = session.request([
      { topic: orders, wants: [{ partition: 0, offset: 6, maxBytes: 1000 }] },
      { topic: orders, wants: [{ partition: 1, offset: 7, maxBytes: 4000 }] },
    ]);
    expect(moved.epoch).toBe(2);
    expect(named(moved)).toEqual(['orders/0@6', 'orders/1@7']);
    expect(forgotten(moved)).toEqual(['orders/2']);
    session.answered(0, 42);

    // What the broker holds now is what the last request left it: 0 at 6, 1 at 7, 2 gone.
    const again = session.request(wanted({ 0: 6, 2: 9 }, 1000));
    expect(named(again)).toEqual(['orders/2@9']);
    expect(forgotten(again)).toEqual(['orders/1']);
  });

  it('keeps a recreated topic apart from the old one by its id', () => {
    const session = opened({ 0: 5 });
    const recreated = { ...orders, id: 'orders-new-id' };
    const request = session.request([
      { topic: recreated, wants: [{ partition: 0, offset: 0, maxBytes: 1000 }] },
    ]);
    expect(request.topics.map((t) => t.topic.id)).toEqual(['orders-new-id']);
    expect(request.forgotten.map((t) => t.topic.id)).toEqual(['orders-id']);
  });

  it('sends the request again as a full fetch when the broker lost the session', () => {
    const session = opened({ 0: 5, 1: 7 });
    session.request(wanted({ 0: 5, 1: 8 }));
    expect(session.answered(70, 0)).toBe('again');
    const retry = session.request(wanted({ 0: 5, 1: 8 }));
    expect([retry.sessionId, retry.epoch]).toEqual([0, 0]);
    expect(named(retry)).toEqual(['orders/0@5', 'orders/1@8']);
  });

  it('replaces a session whose epoch is out of step in the same full request', () => {
    for (const error of [71, 106]) {
      const session = opened({ 0: 5 });
      session.request(wanted({ 0: 5 }));
      expect(session.answered(error, 0)).toBe('again');
      const retry = session.request(wanted({ 0: 5 }));
      // Epoch 0 with the old id: the broker drops it and opens a new one.
      expect([retry.sessionId, retry.epoch]).toEqual([42, 0]);
      expect(named(retry)).toEqual(['orders/0@5']);
    }
  });

  it('stays with full fetches while the broker has no slot, and after a failed request', () => {
    const session = opened({ 0: 5 });
    session.request(wanted({ 0: 6 }));
    session.failed();
    const afterFailure = session.request(wanted({ 0: 6 }));
    expect([afterFailure.sessionId, afterFailure.epoch]).toEqual([42, 0]);
    session.answered(0, 0);
    const noSlot = session.request(wanted({ 0: 6 }));
    expect([noSlot.sessionId, noSlot.epoch]).toEqual([0, 0]);
    expect(named(noSlot)).toEqual(['orders/0@6']);
  });

  it('closes with epoch -1 and nothing named, once', () => {
    const session = opened({ 0: 5 });
    expect(session.close()).toEqual({ sessionId: 42, epoch: -1, topics: [], forgotten: [] });
    expect(session.close()).toBeUndefined();
    expect(new FetchSession().close()).toBeUndefined();
  });

  it('counts epochs up to the largest int32, then from 1 again', () => {
    expect([nextEpoch(0), nextEpoch(1), nextEpoch(0x7fffffff), nextEpoch(-1)]).toEqual([1, 2, 1, -1]);
  });
});
