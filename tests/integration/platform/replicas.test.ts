/**
 * Two console processes (the production bundle) with one config and no sticky sessions: sessions,
 * logouts and the audit trail travel through Kafka, never between the replicas.
 * Needs `pnpm build`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { type ConsoleProcess, startConsoleProcess } from '../../support/console-process.ts';
import { testKafka, uniqueName } from '../../support/kafka.ts';
import { formLogin, sessionCookie, sha256 } from '../../support/security.ts';

const kafka = testKafka();
const replicas: ConsoleProcess[] = [];
let a: ConsoleProcess;
let b: ConsoleProcess;
let auditTopic: string;
let revocationTopic: string;

beforeAll(async () => {
  auditTopic = uniqueName('topic');
  revocationTopic = uniqueName('topic');
  kafka.track(auditTopic);
  kafka.track(revocationTopic);
  const stack = parse(readFileSync(process.env.STACK_CONFIG_FILE ?? '', 'utf8'));
  const config = {
    ...stack,
    security: {
      enabled: true,
      defaultGroup: null,
      groups: {
        auditors: [{ role: 'topic-admin' }, { role: 'audit-reader' }],
        writers: [{ role: 'topic-admin' }],
      },
      users: [
        { username: 'ann', password: sha256('ann-pw'), groups: ['auditors'] },
        { username: 'bob', password: sha256('bob-pw'), groups: ['writers'] },
      ],
      jwt: { secret: 'a-secret-both-replicas-share-for-this-test', revocationTopic },
    },
    audit: { enabled: true, topic: auditTopic },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'replicas-')), 'console.yaml');
  writeFileSync(file, stringify(config));
  [a, b] = await Promise.all([startConsoleProcess(file), startConsoleProcess(file)]);
  replicas.push(a, b);
}, 60_000);

afterAll(async () => {
  for (const replica of replicas) replica.stop();
  await kafka.cleanup();
});

const logged = async (replica: ConsoleProcess, cookie: string) =>
  ((await (await fetch(`${replica.url}/api/me`, { headers: { cookie } })).json()) as { logged: boolean })
    .logged;

/** Retries `check` every 100 ms until it holds or `ms` pass; answers whether it held. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

type AuditAnswer = {
  results: { user: string; action: string; object?: string; outcome: string }[];
  total: number;
};

describe('two replicas', () => {
  it('share a session: a login on one works on the other, a logout on one ends it on both', async () => {
    const cookie = sessionCookie(await formLogin(a.url, 'ann', 'ann-pw'));
    expect(await logged(a, cookie)).toBe(true);
    expect(await logged(b, cookie)).toBe(true);
    expect((await fetch(`${b.url}/api/local/topic?page=1`, { headers: { cookie } })).status).toBe(200);

    expect((await fetch(`${a.url}/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await logged(a, cookie)).toBe(false);
    expect(await eventually(async () => !(await logged(b, cookie)), 5_000)).toBe(true);
    expect((await fetch(`${b.url}/api/local/topic?page=1`, { headers: { cookie } })).status).toBe(401);
  });

  it('show the same audit trail: a topic made on one appears on both, to auditors only', async () => {
    const cookie = sessionCookie(await formLogin(a.url, 'ann', 'ann-pw'));
    const topic = uniqueName('topic');
    kafka.track(topic);
    const made = await fetch(`${a.url}/api/local/topic`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: topic, partition: 1, replication: 1 }),
    });
    expect(made.status).toBeLessThan(300);

    const query = `/api/audit?object=${encodeURIComponent(topic)}`;
    const trail = async (replica: ConsoleProcess) =>
      (await (await fetch(`${replica.url}${query}`, { headers: { cookie } })).json()) as AuditAnswer;
    expect(await eventually(async () => (await trail(b)).total > 0)).toBe(true);
    expect(await eventually(async () => (await trail(a)).total > 0)).toBe(true);
    const onB = await trail(b);
    expect(onB.results).toEqual((await trail(a)).results);
    expect(onB.results).toContainEqual(
      expect.objectContaining({ user: 'ann', action: 'TOPIC:CREATE', object: topic, outcome: 'success' }),
    );
    // The login of ann is in the trail too, on both.
    const logins = async (replica: ConsoleProcess) =>
      (await (
        await fetch(`${replica.url}/api/audit?user=ann`, { headers: { cookie } })
      ).json()) as AuditAnswer;
    expect((await logins(b)).total).toBeGreaterThanOrEqual(2);

    const bob = sessionCookie(await formLogin(b.url, 'bob', 'bob-pw'));
    expect((await fetch(`${a.url}${query}`, { headers: { cookie: bob } })).status).toBe(403);
    expect((await fetch(`${b.url}${query}`, { headers: { cookie: bob } })).status).toBe(403);
  });
});
