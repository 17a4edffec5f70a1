/**
 * AWS MSK IAM checked without AWS: fixed credentials (through the default chain's environment step) and
 * a fixed clock give one token, whose SigV4 signature is recomputed here from AWS's published algorithm,
 * and one exact SASL/OAUTHBEARER frame.
 */
import { createHash, createHmac } from 'node:crypto';
import { saslOAuthBearer } from '@platformatic/kafka';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saslOptions } from './sasl.ts';

const MSK = 'b-1.prod.abc123.c2.kafka.eu-west-1.amazonaws.com:9098';
const KEY = { id: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const saved = { ...process.env };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_PROFILE', 'AWS_SESSION_TOKEN'])
    delete process.env[name];
  process.env.AWS_ACCESS_KEY_ID = KEY.id;
  process.env.AWS_SECRET_ACCESS_KEY = KEY.secret;
});
afterEach(() => {
  vi.useRealTimers();
  process.env = { ...saved };
});

const props = (more: Record<string, string> = {}) => ({
  'bootstrap.servers': MSK,
  'security.protocol': 'SASL_SSL',
  'sasl.mechanism': 'AWS_MSK_IAM',
  'sasl.jaas.config': 'software.amazon.msk.auth.iam.IAMLoginModule required;',
  ...more,
});

async function tokenOf(p: Record<string, string>): Promise<string> {
  const { token } = saslOptions(p, 5000).options;
  if (typeof token !== 'function') throw new Error('no token provider');
  return await token();
}

/** SigV4 query signing as AWS documents it (Signature Version 4, "Authenticating requests: query parameters"). */
function sigV4(host: string, query: URLSearchParams, region: string, payloadHash: string): string {
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonicalQuery = [...query.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature' && k !== 'User-Agent')
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const canonical = ['GET', '/', canonicalQuery, `host:${host}`, '', 'host', payloadHash].join('\n');
  const date = query.get('X-Amz-Date') ?? '';
  const scope = `${date.slice(0, 8)}/${region}/kafka-cluster/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  let key = hmac(`AWS4${KEY.secret}`, date.slice(0, 8));
  for (const part of [region, 'kafka-cluster', 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('AWS MSK IAM', () => {
  it('signs a kafka-cluster:Connect URL for the region in the broker name, with a signature AWS would compute', async () => {
    const token = await tokenOf(props());
    const url = new URL(Buffer.from(token, 'base64url').toString('utf8'));
    expect(url.host).toBe('kafka.eu-west-1.amazonaws.com');
    const q = url.searchParams;
    expect(
      Object.fromEntries([...q.entries()].filter(([k]) => k !== 'X-Amz-Signature' && k !== 'User-Agent')),
    ).toEqual({
      Action: 'kafka-cluster:Connect',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${KEY.id}/20261128/eu-west-1/kafka-cluster/aws4_request`,
      'X-Amz-Date': '20261128T120000Z',
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'host',
    });
    expect(q.get('User-Agent')).toMatch(/^aws-msk-iam-sasl-signer-js\//);
    const emptyBody = createHash('sha256').update('').digest('hex');
    expect(q.get('X-Amz-Signature')).toBe(sigV4(url.host, q, 'eu-west-1', emptyBody));
  });

  it('sends exactly the OAUTHBEARER frame MSK reads: gs2 header, the token as bearer, no extensions', async () => {
    const token = await tokenOf(props());
    const sent: Buffer[] = [];
    await new Promise<void>((resolve, reject) =>
      saslOAuthBearer.authenticate(
        ((_connection: unknown, bytes: Buffer, callback: (e: Error | null, r?: unknown) => void) => {
          sent.push(bytes);
          callback(null, { errorCode: 0, authBytes: Buffer.alloc(0), sessionLifetimeMs: 0n });
        }) as never,
        {} as never,
        saslOptions(props(), 5000).options.token as never,
        {},
        (error: Error | null) => (error ? reject(error) : resolve()),
      ),
    );
    expect(sent.map((b) => b.toString('utf8'))).toEqual([`n,,\u0001auth=Bearer ${token}\u0001\u0001`]);
  });

  it('takes the region from AWS_REGION first, and refuses a cluster whose region it cannot tell', async () => {
    process.env.AWS_REGION = 'us-east-2';
    const url = new URL(Buffer.from(await tokenOf(props()), 'base64url').toString('utf8'));
    expect(url.host).toBe('kafka.us-east-2.amazonaws.com');
    delete process.env.AWS_REGION;
    expect(() => saslOptions(props({ 'bootstrap.servers': 'kafka.internal:9098' }), 5000)).toThrow(
      /AWS MSK IAM needs the AWS region/,
    );
  });

  it('is also chosen by OAUTHBEARER with AWS’s login handler, and says when there are no credentials', async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_CONFIG_FILE = '/nonexistent';
    process.env.AWS_SHARED_CREDENTIALS_FILE = '/nonexistent';
    process.env.AWS_EC2_METADATA_DISABLED = 'true';
    const oauth = props({
      'sasl.mechanism': 'OAUTHBEARER',
      'sasl.login.callback.handler.class': 'software.amazon.msk.auth.iam.IAMOAuthBearerLoginCallbackHandler',
    });
    await expect(tokenOf(oauth)).rejects.toThrow(/^AWS MSK IAM could not sign a token in eu-west-1: /);
  });
});
