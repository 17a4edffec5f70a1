import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { testKafka } from '../../support/kafka.ts';
import { waitForTopic } from '../../support/records.ts';
import { sha256, withSecurity } from '../../support/security.ts';

// What anonymous callers learn from the operations routes, and the security
// headers of event streams.
const kafka = testKafka();
const reader = { authorization: `Basic ${Buffer.from('reader:pw').toString('base64')}` };
const security = {
  roles: { read: [{ resources: ['TOPIC', 'TOPIC_DATA'], actions: ['READ'] }] },
  groups: { readers: [{ role: 'read' }] },
  users: [{ username: 'reader', password: sha256('pw'), groups: ['readers'] }],
};

let app: RunningApp;
let open: RunningApp;
beforeAll(async () => {
  app = await startApp(withSecurity({ defaultGroup: null, ...security }));
  const secured = withSecurity({ defaultGroup: null, ...security });
  open = await startApp((config) => ({ ...secured(config), ops: { publicDetails: true } }));
});
afterAll(async () => {
  await app?.close();
  await open?.close();
  await kafka.cleanup();
});

describe('operations routes with security on', () => {
  it('tell anonymous callers only whether the console is ready, authenticated ones which cluster', async () => {
    const anonymous = await fetch(`${app.url}/ready`);
    expect(anonymous.status).toBe(200);
    const text = await anonymous.text();
    expect(JSON.parse(text)).toEqual({ ready: true });
    expect(text).not.toContain('local');
    expect(await (await fetch(`${app.url}/ready`, { headers: reader })).json()).toEqual({
      ready: true,
      clusters: [{ id: 'local', ready: true }],
    });
    expect(await (await fetch(`${open.url}/ready`)).json()).toMatchObject({ clusters: [{ id: 'local' }] });
  });

  it('give anonymous callers no per-route metrics unless ops.publicDetails', async () => {
    await fetch(`${app.url}/api/local/topic`, { headers: reader });
    const anonymous = await (await fetch(`${app.url}/metrics`)).text();
    expect(anonymous).toContain('console_up 1');
    expect(anonymous).not.toContain('http_request_duration_seconds');
    expect(anonymous).not.toContain('/api/');
    const authenticated = await (await fetch(`${app.url}/metrics`, { headers: reader })).text();
    expect(authenticated).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/:cluster\/topic"/,
    );
    expect(await (await fetch(`${open.url}/metrics`)).text()).toContain('http_request_duration_seconds');
  });

  it('send event streams with the same security headers as every other answer', async () => {
    const topic = await kafka.createTopic(1, { name: `test-topic-${randomUUID()}` });
    // The tail refuses a topic the cluster's metadata does not list yet.
    await waitForTopic(kafka.admin, topic);
    const controller = new AbortController();
    const stream = await fetch(`${app.url}/api/local/tail/sse?topics=${topic}`, {
      headers: reader,
      signal: controller.signal,
    });
    const plain = await fetch(`${app.url}/api/local/topic/${topic}`, { headers: reader });
    controller.abort();
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    for (const name of [
      'x-content-type-options',
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(stream.headers.get(name), name).toBe(plain.headers.get(name));
      expect(stream.headers.get(name), name).toBeTruthy();
    }
  });
});
