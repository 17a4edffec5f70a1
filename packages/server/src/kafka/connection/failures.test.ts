/**
 * Connection failures as the Kafka client really raises them, from servers on loopback that fail each
 * way (no broker needed): each must come out as its own code with a reason an operator can act on.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFailure } from './failures.ts';

const dir = mkdtempSync(join(tmpdir(), 'failures-'));
const servers: Server[] = [];
let selfSigned = 0;
let closesAtOnce = 0;
let silent = 0;
let certPem = '';

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=broker',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
  selfSigned = await listen(
    createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: certPem }, (socket) => socket.end()),
  );
  closesAtOnce = await listen(createServer((socket) => socket.once('data', () => socket.destroy())));
  silent = await listen(createServer(() => {}));
});
afterAll(() => {
  for (const server of servers) server.close();
});

async function failureOf(broker: string, tls?: object) {
  const admin = new Admin({
    clientId: 'failures-test',
    bootstrapBrokers: [broker],
    connectTimeout: 2000,
    timeout: 2000,
    requestTimeout: 2000,
    retries: 0,
    ...(tls ? { tls } : {}),
  });
  try {
    await admin.metadata({ topics: [] });
    throw new Error('connected');
  } catch (error) {
    const failure = connectionFailure('prod', error);
    return failure && { code: failure.code, status: failure.status, message: failure.message };
  } finally {
    await admin.close().catch(() => {});
  }
}

describe('connectionFailure', () => {
  it('names a refused connection with its address', async () => {
    expect(await failureOf('127.0.0.1:1')).toEqual({
      code: 'CLUSTER_CONNECTION_REFUSED',
      status: 503,
      message:
        "Cluster 'prod': connection refused by 127.0.0.1:1; is the broker running, and is this its port?",
    });
  });

  it('names a host that DNS does not know', async () => {
    expect(await failureOf('broker.invalid:9092')).toMatchObject({
      code: 'CLUSTER_HOST_NOT_FOUND',
      message: "Cluster 'prod': host not found (DNS): broker.invalid",
    });
  });

  it('says a broker certificate from an unknown CA needs a truststore', async () => {
    expect(await failureOf(`127.0.0.1:${selfSigned}`, {})).toMatchObject({
      code: 'CLUSTER_TLS_FAILED',
      message: expect.stringMatching(
        /not signed by a CA the console trusts .* set ssl\.truststore\.location or ssl\.ca\.location/,
      ),
    });
  });

  it('says a certificate for another host is for another host, and how to skip the check', async () => {
    expect(await failureOf(`localhost:${selfSigned}`, { ca: certPem })).toMatchObject({
      code: 'CLUSTER_TLS_FAILED',
      message: expect.stringMatching(
        /not for the host the console connected to .*ssl\.endpoint\.identification\.algorithm/,
      ),
    });
  });

  it('says a TLS client met a listener that does not speak TLS', async () => {
    expect(await failureOf(`127.0.0.1:${closesAtOnce}`, {})).toMatchObject({
      code: 'CLUSTER_PROTOCOL_MISMATCH',
      message: expect.stringContaining('the listener does not speak TLS'),
    });
  });

  it('says a plaintext client met a listener that closed at once (a TLS or SASL one)', async () => {
    expect(await failureOf(`127.0.0.1:${selfSigned}`)).toMatchObject({
      code: 'CLUSTER_PROTOCOL_MISMATCH',
      message: expect.stringContaining('the broker closed the connection before answering'),
    });
  });

  it('says a broker that never answers did not answer in time', async () => {
    expect(await failureOf(`127.0.0.1:${silent}`)).toMatchObject({
      code: 'CLUSTER_TIMEOUT',
      message: expect.stringContaining('no answer in time'),
    });
  });
});
