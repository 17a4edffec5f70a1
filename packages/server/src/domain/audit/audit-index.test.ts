import type { AuditEvent } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { AuditIndex } from './audit-index.ts';

const event = (n: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  user: n % 2 ? 'ann' : 'bob',
  action: 'TOPIC:DELETE',
  cluster: n % 3 ? 'prod' : 'dev',
  object: `orders-${n}`,
  outcome: 'success',
  status: 200,
  route: 'DELETE /api/:cluster/topic/:topic',
  ...over,
});
const all = { clusters: () => true };

describe('AuditIndex', () => {
  it('pages newest first with the total, and filters by user, cluster, object text and time', () => {
    const index = new AuditIndex(10_000);
    for (let n = 0; n < 3000; n++) index.add(event(n));
    const first = index.query(all, 0, 3);
    expect(first.total).toBe(3000);
    expect(first.events.map((e) => e.object)).toEqual(['orders-2999', 'orders-2998', 'orders-2997']);
    expect(index.query(all, 2997, 50).events.map((e) => e.object)).toEqual([
      'orders-2',
      'orders-1',
      'orders-0',
    ]);
    const ann = index.query({ ...all, user: 'ann', cluster: 'dev' }, 0, 2);
    expect(ann.total).toBe(500);
    expect(ann.events.map((e) => e.object)).toEqual(['orders-2997', 'orders-2991']);
    // orders-12, orders-120 to -129, orders-1200 to -1299
    expect(index.query({ ...all, object: 'orders-12' }, 0, 50).total).toBe(111);
    const from = Date.UTC(2026, 0, 1) + 10_000;
    expect(index.query({ ...all, from, to: from + 4000 }, 0, 50).total).toBe(5);
    expect(index.query({ ...all, user: 'nobody' }, 0, 50).total).toBe(0);
  });

  it('reads an empty filter text as no filter, as a form with untouched fields sends it', () => {
    const index = new AuditIndex(10_000);
    for (let n = 0; n < 30; n++) index.add(event(n));
    const emptied = { ...all, user: '', action: '', cluster: '', object: '' };
    expect(index.query(emptied, 0, 50).total).toBe(30);
    expect(index.query({ ...all, action: '', object: 'orders-1' }, 0, 50).total).toBe(11);
  });

  it('shows only the clusters the caller may see, and events naming no cluster to every auditor', () => {
    const index = new AuditIndex(100);
    index.add(event(1));
    index.add(event(3));
    index.add(event(4, { cluster: undefined, action: 'POST /login', object: 'ann' }));
    const seen = index.query({ clusters: (c) => c === 'dev' }, 0, 50).events;
    expect(seen.map((e) => e.object)).toEqual(['ann', 'orders-3']);
    expect(seen[0]).not.toHaveProperty('cluster');
  });

  it('keeps the newest capacity events once full', () => {
    const index = new AuditIndex(1500);
    for (let n = 0; n < 4000; n++) index.add(event(n));
    expect(index.size).toBe(1500);
    const page = index.query(all, 1497, 50);
    expect(page.total).toBe(1500);
    expect(page.events.map((e) => e.object)).toEqual(['orders-2502', 'orders-2501', 'orders-2500']);
  });

  it('drops the strings of events the ring overwrote, so distinct objects cannot grow it without end', () => {
    const index = new AuditIndex(1500);
    for (let n = 0; n < 100_000; n++) index.add(event(n));
    // 1,500 live objects plus a few users, actions and routes; at most twice that between compactions.
    expect(index.strings).toBeLessThan(2 * 1500 + 4096);
    const page = index.query(all, 0, 3);
    expect(page.total).toBe(1500);
    expect(page.events.map((e) => e.object)).toEqual(['orders-99999', 'orders-99998', 'orders-99997']);
    expect(index.query({ ...all, user: event(99_999).user }, 0, 1).total).toBeGreaterThan(0);
    expect(index.query({ ...all, object: 'orders-98499' }, 0, 1).total).toBe(0);
  });
});
