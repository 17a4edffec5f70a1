import { get } from 'node:http';
import { type Admin, type CompressionAlgorithmValue, Producer } from '@platformatic/kafka';
import { bootstrap } from './kafka.ts';

export type Outgoing = {
  partition: number;
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string>;
  timestamp?: number;
};

const bytes = (v: string | Buffer | null | undefined) =>
  v === null || v === undefined ? undefined : Buffer.isBuffer(v) ? v : Buffer.from(v);

/** Produces many records in batches with a plain client (not through the console). */
export async function produceMany(
  topic: string,
  count: number,
  make: (i: number) => Outgoing,
  options: { compression?: CompressionAlgorithmValue; batch?: number } = {},
): Promise<void> {
  const producer = new Producer({
    clientId: 'console-tests-records',
    bootstrapBrokers: [bootstrap()],
    // A send that times out on a busy machine is retried: idempotence keeps the retry from writing twice.
    idempotent: true,
    ...(options.compression ? { compression: options.compression } : {}),
  });
  const batch = options.batch ?? 5000;
  try {
    for (let start = 0; start < count; start += batch) {
      const messages = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const r = make(i);
        messages.push({
          topic,
          partition: r.partition,
          key: bytes(r.key),
          value: bytes(r.value) as Buffer,
          headers: new Map(Object.entries(r.headers ?? {}).map(([k, v]) => [Buffer.from(k), Buffer.from(v)])),
          ...(r.timestamp !== undefined ? { timestamp: BigInt(r.timestamp) } : {}),
        });
      }
      await producer.send({ messages });
    }
  } finally {
    await producer.close();
  }
}

/** A topic just created may take a moment to show in every broker's metadata. */
export async function waitForTopic(admin: Admin, topic: string, partitions = 1): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const found = await admin.metadata({ topics: [topic], forceUpdate: true }).catch(() => undefined);
    const t = found?.topics.get(topic);
    if (t && t.partitionsCount >= partitions && t.partitions.every((p) => p.leader >= 0)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`topic ${topic} did not appear`);
}

export type SseMessage = { event: string; data: unknown };

/** Reads a server-sent-event response into messages as they arrive. */
export async function* sseMessages(response: Response): AsyncGenerator<SseMessage> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(piece, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (event && data !== undefined) yield { event, data: JSON.parse(data) };
    }
  }
}

/**
 * A download read whole with its HTTP trailers (`x-scan-stop`, `x-scan-after`), which fetch() does not
 * expose: node:http does.
 */
export function download(
  url: string,
): Promise<{ status: number; body: string; trailers: NodeJS.Dict<string> }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          trailers: res.trailers,
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}
