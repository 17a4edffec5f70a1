/**
 * SASL GSSAPI against a real MIT KDC and a Kafka broker whose listener takes only Kerberos
 * (tests/support/kerberos.ts, kerberos-broker.ts). Kafka's own Java client shows the broker side is
 * right; then the console's authenticator (src/kafka/connection/gssapi.ts) with @platformatic/kafka's
 * clients, and each way a Kerberos login goes wrong answers one line naming the problem, in good time.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Admin, Consumer, Producer, stringDeserializers, stringSerializers } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gssapiSasl } from '../../../packages/server/src/kafka/connection/sasl/gssapi.ts';
import { type RunningApp, startApp } from '../../support/app.ts';
import { uniqueName } from '../../support/kafka.ts';
import { kafkaTool } from '../../support/kafka-tools.ts';
import { type Kdc, krb5Conf, REALM, startKdc } from '../../support/kerberos.ts';
import { type KerberosBroker, keytabJaas, startKerberosBroker } from '../../support/kerberos-broker.ts';

let kdc: Kdc;
let broker: KerberosBroker;
let keytab: string;
const CONSOLE = `console@${REALM}`;

beforeAll(async () => {
  kdc = await startKdc();
  // MIT Kerberos reads krb5.conf from KRB5_CONFIG at every call: this test process is the KDC's client.
  process.env.KRB5_CONFIG = kdc.krb5Conf;
  broker = await startKerberosBroker(kdc);
  keytab = kdc.addPrincipal('console');
}, 150_000);

afterAll(async () => {
  await broker?.stop();
  await kdc?.stop();
});

const withKeytab = (file: string, principal: string, more: Record<string, string> = {}) => ({
  'sasl.jaas.config': keytabJaas(file, principal),
  ...more,
});
const gssapiAdmin = (props: Record<string, string>) =>
  new Admin({
    clientId: 'gssapi-tests',
    bootstrapBrokers: [broker.bootstrap],
    sasl: gssapiSasl(props),
    retries: 0,
  });

/** The first authentication failure's message in the client's error chain, and how long it took. */
async function refusal(props: Record<string, string>): Promise<{ message: string; ms: number }> {
  const admin = gssapiAdmin(props);
  const started = Date.now();
  try {
    await admin.listTopics();
    throw new Error('the listing succeeded');
  } catch (error) {
    let e = error as { code?: string; message: string; errors?: unknown[]; cause?: unknown } | undefined;
    while (e && e.code !== 'PLT_KFK_AUTHENTICATION') e = (e.errors?.[0] ?? e.cause) as typeof e;
    return { message: e?.message ?? String(error), ms: Date.now() - started };
  } finally {
    await admin.close();
  }
}

describe('a broker whose listener takes SASL GSSAPI', () => {
  it("takes Kafka's own Java client logging in with a keytab (TopicCommand)", async () => {
    const config = join(kdc.dir, 'java-client.properties');
    writeFileSync(
      config,
      [
        'security.protocol=SASL_PLAINTEXT',
        'sasl.mechanism=GSSAPI',
        'sasl.kerberos.service.name=kafka',
        `sasl.jaas.config=${keytabJaas(keytab, CONSOLE)}`,
        '',
      ].join('\n'),
    );
    const topic = uniqueName('topic');
    const tool = (args: string[]) =>
      kafkaTool('TopicCommand', [
        '--bootstrap-server',
        broker.bootstrap,
        '--command-config',
        config,
        ...args,
      ]);
    // The tools take no JVM options of their own: the JVM reads this one from the environment.
    const saved = process.env.JAVA_TOOL_OPTIONS;
    process.env.JAVA_TOOL_OPTIONS = `-Djava.security.krb5.conf=${kdc.krb5Conf}`;
    try {
      await tool(['--create', '--topic', topic, '--partitions', '1']);
      expect((await tool(['--list'])).split('\n')).toContain(topic);
    } finally {
      if (saved === undefined) delete process.env.JAVA_TOOL_OPTIONS;
      else process.env.JAVA_TOOL_OPTIONS = saved;
    }
  });

  it("takes the console's authenticator: creates and lists a topic, produces and consumes a record", async () => {
    const sasl = gssapiSasl(withKeytab(keytab, CONSOLE));
    const base = { clientId: 'gssapi-tests', bootstrapBrokers: [broker.bootstrap], sasl };
    const admin = new Admin(base);
    const producer = new Producer({ ...base, serializers: stringSerializers });
    const consumer = new Consumer({
      ...base,
      groupId: uniqueName('group'),
      deserializers: stringDeserializers,
    });
    try {
      const topic = uniqueName('topic');
      await admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
      expect(await admin.listTopics()).toContain(topic);
      await producer.send({ messages: [{ topic, key: 'k', value: 'over Kerberos' }] });
      const stream = await consumer.consume({ topics: [topic], mode: 'earliest' });
      for await (const message of stream) {
        expect({ key: message.key, value: message.value }).toEqual({ key: 'k', value: 'over Kerberos' });
        break;
      }
      await stream.close();
    } finally {
      await Promise.allSettled([consumer.close(true), producer.close(), admin.close()]);
    }
  });

  it('answers a principal the keytab does not hold by naming both, within 15 s', async () => {
    const { message, ms } = await refusal(withKeytab(keytab, `alice@${REALM}`));
    expect(message).toBe(
      `Kerberos: the principal alice@${REALM} is not in the keytab ${keytab} (it holds ${CONSOLE})`,
    );
    expect(ms).toBeLessThan(15_000);
  });

  it("answers a keytab whose key the KDC no longer has as the keys' mismatch, within 15 s", async () => {
    const current = kdc.addPrincipal('rotated');
    const outdated = join(kdc.dir, 'rotated-outdated.keytab');
    copyFileSync(current, outdated);
    kdc.changeKey('rotated');
    const { message, ms } = await refusal(withKeytab(outdated, `rotated@${REALM}`));
    expect(message).toBe(
      "Kerberos: the keytab's key does not match the KDC's (a keytab made before the principal's key last changed?)",
    );
    expect(ms).toBeLessThan(15_000);
  });

  it('answers a service name the KDC does not know by naming the service principal', async () => {
    const { message } = await refusal(
      withKeytab(keytab, CONSOLE, { 'sasl.kerberos.service.name': 'kafka2' }),
    );
    expect(message).toBe(
      "Kerberos: the KDC does not know the broker's service principal kafka2/localhost@EXAMPLE.TEST (check sasl.kerberos.service.name and the host the console connects to)",
    );
  });

  it("passes on the broker's refusal of a ticket for a service it is not, with the broker's reason", async () => {
    // The KDC knows this service, so the console gets a ticket; the broker cannot read it.
    kdc.addPrincipal('impostor/localhost');
    const { message } = await refusal(
      withKeytab(keytab, CONSOLE, { 'sasl.kerberos.service.name': 'impostor' }),
    );
    expect(message).toMatch(/^Kerberos: the broker refused the authentication: .*GSSAPI/);
  });

  it('answers a KDC that does not answer by naming its realm, within 15 s', async () => {
    // A principal of its own, so no ticket cached by the tests above spares the KDC a request.
    const offline = kdc.addPrincipal('offline');
    const deadKdc = join(kdc.dir, 'dead-kdc.conf');
    writeFileSync(deadKdc, krb5Conf(1));
    process.env.KRB5_CONFIG = deadKdc;
    try {
      const { message, ms } = await refusal(withKeytab(offline, `offline@${REALM}`));
      expect(message).toBe(
        "Kerberos: no KDC of realm EXAMPLE.TEST answers (check krb5.conf's [realms] and that the KDC is up)",
      );
      expect(ms).toBeLessThan(15_000);
    } finally {
      process.env.KRB5_CONFIG = kdc.krb5Conf;
    }
  });

  it('refuses a keytab that cannot be read when the connection is built, naming the key', () => {
    expect(() => gssapiSasl(withKeytab('/nonexistent/console.keytab', CONSOLE))).toThrow(
      expect.objectContaining({
        key: 'sasl.jaas.config',
        message: 'the keytab /nonexistent/console.keytab cannot be read (ENOENT)',
      }),
    );
  });
});

describe('the console on a GSSAPI cluster', () => {
  let app: RunningApp;
  beforeAll(async () => {
    const gssapi = (principal: string) => ({
      'bootstrap.servers': broker.bootstrap,
      'security.protocol': 'SASL_PLAINTEXT',
      'sasl.mechanism': 'GSSAPI',
      ...withKeytab(keytab, principal),
    });
    app = await startApp((config) => ({
      ...config,
      clusters: {
        kerberos: { ...config.clusters.local, properties: gssapi(CONSOLE) },
        stranger: { ...config.clusters.local, properties: gssapi(`alice@${REALM}`) },
      } as typeof config.clusters,
    }));
  });
  afterAll(() => app?.close());

  it('lists the topics of the cluster through its API', async () => {
    const admin = gssapiAdmin(withKeytab(keytab, CONSOLE));
    const topic = uniqueName('topic');
    try {
      await admin.createTopics({ topics: [topic], partitions: 2, replicas: 1 });
    } finally {
      await admin.close();
    }
    const list = await fetch(`${app.url}/api/kerberos/topic?search=${topic}`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ results: [{ name: topic, partitions: [{}, {}] }] });
  });

  it('answers a cluster whose principal the keytab lacks with 503 and the reason, within 15 s', async () => {
    const started = Date.now();
    const list = await fetch(`${app.url}/api/stranger/topic`);
    expect({ status: list.status, body: await list.json() }).toMatchObject({
      status: 503,
      body: {
        code: 'CLUSTER_AUTHENTICATION_FAILED',
        message: expect.stringContaining(
          `Kerberos: the principal alice@${REALM} is not in the keytab ${keytab}`,
        ),
      },
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
