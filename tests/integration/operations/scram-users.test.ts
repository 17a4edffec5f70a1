import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope, ScramUser, ScramUserList } from '../../../packages/contract/src/index.ts';
import type { Answer } from '../../support/app.ts';
import { stackTool } from '../../support/kafka-tools.ts';
import { startSecuredApp } from '../../support/ops-app.ts';

// SCRAM credentials made, changed and deleted through the API on the stack's KRaft broker (the controller
// keeps them without a SCRAM listener); Kafka's ConfigCommand reads them back.
const tag = randomUUID().slice(0, 8);
const user = `scram-user-${tag}`;
const password = `pw-${randomUUID()}`;
let ops: Awaited<ReturnType<typeof startSecuredApp>>;

const upsert = (body: Record<string, unknown>, as: 'admin' | 'reader' = 'admin') =>
  ops.call(as, 'POST', '/scram-users', body);
const remove = (name: string, mechanism?: string) =>
  ops.call(
    'admin',
    'DELETE',
    `/scram-users/${encodeURIComponent(name)}${mechanism ? `?mechanism=${mechanism}` : ''}`,
  );
const listed = async (search: string) =>
  ((await ops.call('reader', 'GET', `/scram-users?search=${search}`)).body as ScramUserList).results;
/** The error envelope of a refusal, and the fields it names. */
const envelope = (answer: Answer<unknown>) => answer.body as ErrorEnvelope;
const fields = (answer: Answer<unknown>) => envelope(answer).fields?.map((f) => f.field);
const describeWithTool = (name: string) =>
  stackTool('ConfigCommand', ['--describe', '--entity-type', 'users', '--entity-name', name]);

beforeAll(async () => {
  ops = await startSecuredApp();
});
afterAll(async () => {
  await ops?.call('admin', 'DELETE', `/scram-users/${user}`);
  await ops?.app.close();
});

describe('SCRAM users', () => {
  it('creates a credential that Kafka holds with its iterations, and lists it without any secret', async () => {
    const created = await upsert({ user, mechanism: 'SCRAM-SHA-512', iterations: 8192, password });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ user, credentials: [{ mechanism: 'SCRAM-SHA-512', iterations: 8192 }] });
    const second = await upsert({ user, mechanism: 'scram-sha-256', password });
    expect(second.body).toEqual({
      user,
      credentials: [
        { mechanism: 'SCRAM-SHA-256', iterations: 4096 },
        { mechanism: 'SCRAM-SHA-512', iterations: 8192 },
      ],
    });
    const page = (await ops.call('reader', 'GET', `/scram-users?search=${tag}%20scram`)).body;
    expect(page).toEqual({ results: [second.body as ScramUser], page: 1, total: 1, pageSize: 25 });
    const tool = await describeWithTool(user);
    expect(tool).toMatch(/SCRAM-SHA-512=iterations=8192/);
    expect(tool).toMatch(/SCRAM-SHA-256=iterations=4096/);
  });

  it('changes the iterations of a credential', async () => {
    const changed = await upsert({ user, mechanism: 'SCRAM-SHA-512', iterations: 16384, password: 'other' });
    expect(changed.status).toBe(200);
    expect((await listed(user))[0]?.credentials).toContainEqual({
      mechanism: 'SCRAM-SHA-512',
      iterations: 16384,
    });
  });

  it('refuses iterations outside 4096..16384, an empty password or user, naming the field', async () => {
    for (const iterations of [4095, 16385]) {
      const refused = await upsert({ user, mechanism: 'SCRAM-SHA-512', iterations, password });
      expect(refused.status).toBe(400);
      expect(fields(refused)).toEqual(['body.iterations']);
    }
    const empty = await upsert({ user, mechanism: 'SCRAM-SHA-512', password: '' });
    expect(empty.status).toBe(400);
    expect(fields(empty)).toEqual(['body.password']);
    const noUser = await upsert({ user: '', mechanism: 'SCRAM-SHA-512', password });
    expect(noUser.status).toBe(400);
    expect(fields(noUser)).toEqual(['body.user']);
    const mechanism = await upsert({ user, mechanism: 'SCRAM-SHA-1', password });
    expect(mechanism.status).toBe(400);
    expect(fields(mechanism)).toEqual(['body.mechanism']);
  });

  it('refuses a reader a change and a delete (403), but shows it the list', async () => {
    expect((await upsert({ user, mechanism: 'SCRAM-SHA-512', password }, 'reader')).status).toBe(403);
    const deleted = await ops.call('reader', 'DELETE', `/scram-users/${user}?mechanism=SCRAM-SHA-512`);
    expect(deleted.status).toBe(403);
    expect(await listed(user)).toHaveLength(1);
  });

  it('deletes one mechanism, then the rest; a second delete is a 404 naming the user', async () => {
    expect((await remove(user, 'SCRAM-SHA-256')).status).toBe(204);
    expect((await listed(user))[0]?.credentials.map((c) => c.mechanism)).toEqual(['SCRAM-SHA-512']);
    const again = await remove(user, 'SCRAM-SHA-256');
    expect(again.status).toBe(404);
    expect(envelope(again).code).toBe('NOT_FOUND');
    expect(envelope(again).message).toContain(user);
    expect((await remove(user)).status).toBe(204);
    expect(await listed(user)).toEqual([]);
    expect(await describeWithTool(user)).not.toMatch(/SCRAM-SHA/);
    const gone = await remove(user);
    expect(gone.status).toBe(404);
    expect(envelope(gone).message).toContain(user);
  });

  it('audits user, mechanism and iterations, and never writes the password to the log', async () => {
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({
        user: 'admin',
        action: 'SCRAM_USER:UPDATE',
        target: `${user} (SCRAM-SHA-512, 8192 iterations)`,
        status: 200,
      }),
    );
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({
        action: 'SCRAM_USER:DELETE',
        target: `${user} (SCRAM-SHA-256)`,
        status: 204,
      }),
    );
    expect(ops.logText()).toContain(user);
    expect(ops.logText()).not.toContain(password);
  });
});
