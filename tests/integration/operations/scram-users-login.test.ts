/**
 * A SCRAM user made in the console logs in to the secured broker's SASL_SSL listener with Kafka's own
 * Java client (TopicCommand), and no longer can once the console deleted it: the salted password the
 * console computes is the one Kafka's SCRAM login checks. The console connects as the broker's super user.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saslLogin, writeProperties } from '../../stack/secure/client-config.ts';
import { runTool, type ToolResult } from '../../stack/secure/kafka-tool.ts';
import { onlyClusters, type RunningApp, request, startApp } from '../../support/app.ts';
import { type SecureBroker, secureBroker } from '../../support/secure-broker.ts';

const tag = randomUUID().slice(0, 8);
const user = `scram-login-${tag}`;
const password = `pw-${randomUUID()}`;
const topic = `public-scram-${tag}`;
let broker: SecureBroker;
let app: RunningApp;
let dir: string;
const lines: string[] = [];

const api = (method: string, path: string, body?: unknown) =>
  request(`${app.url}/api/secure${path}`, { method, body });

/** TopicCommand --list on the SASL_SSL listener, logged in as `user` with SCRAM-SHA-512. */
function listAs(name: string, secret: string): Promise<ToolResult> {
  const base = broker.clientProperties['sasl-ssl'];
  const config = writeProperties(join(dir, `${randomUUID()}.properties`), {
    ...base,
    ...saslLogin('SCRAM-SHA-512', { name, password: secret }),
  });
  return runTool('TopicCommand', [
    '--bootstrap-server',
    base['bootstrap.servers'] ?? '',
    '--command-config',
    config,
    '--list',
  ]);
}

beforeAll(async () => {
  broker = await secureBroker();
  dir = mkdtempSync(join(tmpdir(), 'scram-login-'));
  const { admin } = broker.users;
  app = await startApp(
    onlyClusters({
      // The super user has no SCRAM credential of its own: it logs in with PLAIN on the loopback listener.
      secure: {
        'bootstrap.servers': broker.listeners.internal.bootstrap,
        'security.protocol': 'SASL_PLAINTEXT',
        ...saslLogin('PLAIN', admin),
      },
      // User:reader may DESCRIBE the cluster but not ALTER it.
      'secure-reader': {
        'bootstrap.servers': broker.listeners.saslSsl.bootstrap,
        'security.protocol': 'SASL_SSL',
        ...saslLogin('SCRAM-SHA-512', broker.users.reader),
        'ssl.ca.location': broker.certs.caPem,
      },
    }),
    { logStream: { write: (line) => lines.push(line) } },
  );
  const made = await api('POST', '/topic', { name: topic, partition: 1, replication: 1 });
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  const acl = {
    resourceType: 'TOPIC',
    resourceName: topic,
    principal: `User:${user}`,
    operation: 'DESCRIBE',
  };
  expect((await api('POST', '/acls', acl)).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await api('DELETE', `/acls?principal=User:${user}`).catch(() => undefined);
  await api('DELETE', `/topic/${topic}`).catch(() => undefined);
  await api('DELETE', `/scram-users/${user}`).catch(() => undefined);
  await app?.close();
  await broker?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a SCRAM user made in the console', () => {
  it('logs in with SCRAM-SHA-512 over SASL_SSL and sees the topic its ACL allows', async () => {
    const created = await api('POST', '/scram-users', {
      user,
      mechanism: 'SCRAM-SHA-512',
      iterations: 8192,
      password,
    });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain(password);
    const result = await listAs(user, password);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/Exception/);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([topic]);
  });

  it('is refused with a wrong password, and once the console deleted it', async () => {
    const wrong = await listAs(user, 'not-the-password');
    expect(wrong.code).not.toBe(0);
    expect(`${wrong.stdout}${wrong.stderr}`).toMatch(/Authentication failed/);
    expect((await api('DELETE', `/scram-users/${user}?mechanism=SCRAM-SHA-512`)).status).toBe(204);
    const deleted = await listAs(user, password);
    expect(deleted.code).not.toBe(0);
    expect(`${deleted.stdout}${deleted.stderr}`).toMatch(/Authentication failed/);
  });

  it("answers 403 KAFKA_AUTHORIZATION_FAILED when the console's principal may not alter the cluster", async () => {
    const base = `${app.url}/api/secure-reader/scram-users`;
    const listed = await request(`${base}?search=reader`);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toContainEqual({
      user: 'reader',
      credentials: [
        { mechanism: 'SCRAM-SHA-256', iterations: 4096 },
        { mechanism: 'SCRAM-SHA-512', iterations: 4096 },
      ],
    });
    const refused = await request(base, {
      method: 'POST',
      body: { user, mechanism: 'SCRAM-SHA-512', password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('KAFKA_AUTHORIZATION_FAILED');
    expect(refused.body.message).toContain('CLUSTER_AUTHORIZATION_FAILED');
    expect(JSON.stringify(refused.body)).not.toContain(password);
  });

  it('never wrote the password to its log', () => {
    expect(lines.join('')).toContain(user);
    expect(lines.join('')).not.toContain(password);
  });
});
