import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKafka } from '../../support/kafka.ts';
import { startSecuredApp } from '../../support/ops-app.ts';
import { produceMany, sseMessages } from '../../support/records.ts';

let ops: Awaited<ReturnType<typeof startSecuredApp>>;
const kafka = testKafka();
beforeAll(async () => {
  ops = await startSecuredApp();
});
afterAll(async () => {
  await ops?.app.close();
  await kafka.cleanup();
});

/** A dead-letter topic of two records whose Connect headers name `target`. */
async function deadLetters(target: string) {
  const dlq = await kafka.createTopic(1);
  await produceMany(dlq, 2, (i) => ({
    partition: 0,
    value: `dead-${i}`,
    headers: { '__connect.errors.topic': target, '__connect.errors.partition': '0' },
  }));
  return dlq;
}

describe('redrive and replay under security', () => {
  it('refuses a caller who may read the dead letters but not write their target: the dry run names it, the run sends nothing', async () => {
    const target = await kafka.createTopic(1);
    const dlq = await deadLetters(target);
    const counts = await ops.call('reader', 'POST', `/topic/${dlq}/data/redrive`, { dryRun: true });
    expect(counts).toMatchObject({ status: 200, body: { targets: { [target]: 2 }, denied: [target] } });
    const fixed = await ops.call('reader', 'POST', `/topic/${dlq}/data/redrive`, {
      target: { rule: 'topic', topic: target },
    });
    expect(fixed).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const replay = await ops.call('reader', 'POST', `/topic/${dlq}/data/replay`, { toTopic: target });
    expect(replay).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const end = await ops.call('admin', 'POST', `/topic/${target}/data/redrive`, { dryRun: true });
    expect(end.status).toBe(200);
    // Nothing reached the target.
    expect((end.body as { read: number }).read).toBe(0);
  });

  it('audits a run with what it sent where and where to resume; another user cannot stop or read it', async () => {
    const target = await kafka.createTopic(1);
    const dlq = await deadLetters(target);
    const response = await fetch(`${ops.app.url}/api/local/topic/${dlq}/data/redrive`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('admin:pw').toString('base64')}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: '{}',
    });
    let id = '';
    for await (const message of sseMessages(response)) {
      if (message.event === 'moveStart') id = (message.data as { id: string }).id;
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(ops.audits()).toContainEqual(
      expect.objectContaining({
        user: 'admin',
        action: 'TOPIC_DATA:READ',
        target: `${dlq} (sent 2 (${target}: 2), resume after 0-1)`,
        status: 200,
      }),
    );
    expect(await ops.call('reader', 'POST', `/data/move/${id}/stop`)).toMatchObject({ status: 404 });
    expect(await ops.call('admin', 'GET', `/data/move/${id}`)).toMatchObject({
      status: 200,
      body: { running: false, last: { sent: 2, after: '0-1' } },
    });
  });
});
