/**
 * The KRaft quorum and the feature levels of the stack's broker (one combined node): DescribeQuorum's
 * leader, epoch and voters, the finalized and supported levels from ApiVersions, and a feature upgrade
 * validated by the controller without being applied (dryRun), or refused by name when it lowers a level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureLevels, Quorum } from '../../../packages/contract/src/index.ts';
import { getJson, type RunningApp, request, startApp } from '../../support/app.ts';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const post = (body: unknown) => request(`${app.url}/api/local/features`, { method: 'POST', body });

describe('GET /api/{cluster}/quorum', () => {
  it('names the leader, its epoch and high watermark, and the one voter caught up', async () => {
    const { status, body } = await getJson(`${app.url}/api/local/quorum`);
    expect(status).toBe(200);
    const quorum = body as Quorum;
    expect(quorum.leaderId).toBe(1);
    expect(quorum.leaderEpoch).toBeGreaterThan(0);
    expect(quorum.highWatermark).toBeGreaterThan(0);
    expect(quorum.voters).toEqual([
      expect.objectContaining({
        id: 1,
        lag: 0,
        logEndOffset: quorum.highWatermark,
        lastCaughtUp: expect.any(String),
      }),
    ]);
    expect(quorum.observers).toEqual([]);
  });
});

describe('the feature levels', () => {
  it('lists each feature with its finalized level within what the broker supports', async () => {
    const { status, body } = await getJson(`${app.url}/api/local/features`);
    expect(status).toBe(200);
    const { features } = body as FeatureLevels;
    const metadata = features.find((f) => f.name === 'metadata.version');
    expect(metadata?.finalized).toBeGreaterThanOrEqual(metadata?.supportedMin ?? Number.POSITIVE_INFINITY);
    expect(metadata?.finalized).toBeLessThanOrEqual(metadata?.supportedMax ?? -1);
    // The stack's voters are static: kraft.version is never finalized there.
    expect(features.find((f) => f.name === 'kraft.version')).toMatchObject({ supportedMax: 1 });
    expect(features.find((f) => f.name === 'kraft.version')?.finalized).toBeUndefined();
  });

  it('validates an upgrade with the controller without applying it (dryRun)', async () => {
    const checked = await post({ feature: 'kraft.version', level: 1, dryRun: true });
    expect(checked.status).toBe(200);
    const after = (await getJson(`${app.url}/api/local/features`)).body as FeatureLevels;
    expect(after.features.find((f) => f.name === 'kraft.version')?.finalized).toBeUndefined();
  });

  it('refuses lowering a level or passing what the brokers support (409), and names an unknown feature (404)', async () => {
    const { features } = (await getJson(`${app.url}/api/local/features`)).body as FeatureLevels;
    const metadata = features.find((f) => f.name === 'metadata.version');
    const lower = await post({ feature: 'metadata.version', level: (metadata?.finalized ?? 1) - 1 });
    expect(lower).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^metadata\.version is at \d+; only raising it is offered$/) },
    });
    const beyond = await post({ feature: 'group.version', level: 99 });
    expect(beyond).toMatchObject({
      status: 409,
      body: { message: 'the brokers support group.version up to 1' },
    });
    const unknown = await post({ feature: 'no.such.version', level: 1 });
    expect(unknown).toMatchObject({ status: 404, body: { fields: [{ field: 'body.feature' }] } });
  });
});
