import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quota } from '../../../packages/contract/src/index.ts';
import { stackTool } from '../../support/kafka-tools.ts';
import { startSecuredApp } from '../../support/ops-app.ts';

// Client quotas set and removed through the API, Kafka's ConfigCommand the other side.
const tag = randomUUID().slice(0, 8);
const user = `quota-user-${tag}`;
const client = `quota-client-${tag}`;
const ip = '10.18.0.2';
let ops: Awaited<ReturnType<typeof startSecuredApp>>;

const describeQuotas = (...entity: string[]) => stackTool('ConfigCommand', ['--describe', ...entity]);
const listed = async (search: string) =>
  (await ops.call('reader', 'GET', `/quotas?search=${search}`)).body as Quota[];

beforeAll(async () => {
  ops = await startSecuredApp();
});
afterAll(async () => {
  const none = { producer_byte_rate: null, consumer_byte_rate: null, request_percentage: null };
  await ops?.call('admin', 'POST', '/quotas', { entity: [{ type: 'user', name: user }], quotas: none });
  await ops?.call('admin', 'POST', '/quotas', {
    entity: [
      { type: 'user', name: user },
      { type: 'client-id', name: client },
    ],
    quotas: none,
  });
  await ops?.call('admin', 'POST', '/quotas', {
    entity: [{ type: 'ip', name: ip }],
    quotas: { connection_creation_rate: null },
  });
  await ops?.app.close();
});

describe('client quotas', () => {
  it('sets quotas for a user, a user and client id, and an IP, as ConfigCommand reads them', async () => {
    const set = (entity: unknown, quotas: unknown) =>
      ops.call('admin', 'POST', '/quotas', { entity, quotas });
    expect(
      (await set([{ type: 'user', name: user }], { producer_byte_rate: 1048576, request_percentage: 50 }))
        .status,
    ).toBe(204);
    expect(
      (
        await set(
          [
            { type: 'user', name: user },
            { type: 'client-id', name: client },
          ],
          {
            consumer_byte_rate: 2048,
          },
        )
      ).status,
    ).toBe(204);
    expect((await set([{ type: 'ip', name: ip }], { connection_creation_rate: 10 })).status).toBe(204);
    const users = await describeQuotas('--entity-type', 'users', '--entity-name', user);
    expect(users).toContain(`Quota configs for user-principal '${user}' are`);
    expect(users).toMatch(/producer_byte_rate=1048576(\.0)?/);
    expect(users).toMatch(/request_percentage=50(\.0)?/);
    const both = await describeQuotas(
      '--entity-type',
      'users',
      '--entity-name',
      user,
      '--entity-type',
      'clients',
      '--entity-name',
      client,
    );
    expect(both).toMatch(/consumer_byte_rate=2048(\.0)?/);
    const ips = await describeQuotas('--entity-type', 'ips', '--entity-name', ip);
    expect(ips).toMatch(/connection_creation_rate=10(\.0)?/);
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({ user: 'admin', action: 'QUOTA:UPDATE', status: 204 }),
    );
  });

  it('lists every entity with its quotas, for the reader too', async () => {
    expect(await listed(tag)).toEqual([
      {
        entity: [{ type: 'user', name: user }],
        quotas: { producer_byte_rate: 1048576, request_percentage: 50 },
      },
      {
        entity: [
          { type: 'user', name: user },
          { type: 'client-id', name: client },
        ],
        quotas: { consumer_byte_rate: 2048 },
      },
    ]);
    expect(await listed(ip)).toEqual([
      { entity: [{ type: 'ip', name: ip }], quotas: { connection_creation_rate: 10 } },
    ]);
  });

  it('shows a default entity ConfigCommand set, as <default>', async () => {
    // The default for every client id, set by Kafka's tool and removed again at once (it applies cluster-wide).
    const args = ['--alter', '--entity-type', 'clients', '--entity-default'];
    await stackTool('ConfigCommand', [...args, '--add-config', 'request_percentage=77']);
    try {
      const all = (await ops.call('reader', 'GET', '/quotas')).body as Quota[];
      expect(all).toContainEqual({
        entity: [{ type: 'client-id', name: null }],
        quotas: { request_percentage: 77 },
      });
    } finally {
      await ops.call('admin', 'POST', '/quotas', {
        entity: [{ type: 'client-id', name: null }],
        quotas: { request_percentage: null },
      });
    }
  });

  it("removes one quota, answers Kafka's reason for a refused one, and refuses the reader", async () => {
    const removed = await ops.call('admin', 'POST', '/quotas', {
      entity: [{ type: 'user', name: user }],
      quotas: { request_percentage: null },
    });
    expect(removed.status).toBe(204);
    expect(await listed(user)).toContainEqual({
      entity: [{ type: 'user', name: user }],
      quotas: { producer_byte_rate: 1048576 },
    });
    const refused = await ops.call('admin', 'POST', '/quotas', {
      entity: [{ type: 'ip', name: ip }],
      quotas: { producer_byte_rate: 5 },
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toMatch(/producer_byte_rate|ip/i);
    const reader = await ops.call('reader', 'POST', '/quotas', {
      entity: [{ type: 'user', name: user }],
      quotas: { producer_byte_rate: null },
    });
    expect(reader.status).toBe(403);
  });
});
