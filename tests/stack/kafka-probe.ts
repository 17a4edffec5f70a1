// A real Kafka round trip without a client library: ApiVersions v0 (always supported, it is how
// clients negotiate) then Metadata v4, which lists brokers only once the broker has registered.
import { connect } from 'node:net';

export interface KafkaProbeResult {
  clusterId: string | null;
  brokers: { nodeId: number; host: string; port: number }[];
}

const API_VERSIONS = 18;
const METADATA = 3;
const METADATA_VERSION = 4;

function request(apiKey: number, apiVersion: number, correlationId: number, body: Buffer): Buffer {
  const clientId = Buffer.from('stack-probe');
  const header = Buffer.alloc(10);
  header.writeInt16BE(apiKey, 0);
  header.writeInt16BE(apiVersion, 2);
  header.writeInt32BE(correlationId, 4);
  header.writeInt16BE(clientId.length, 8);
  const size = Buffer.alloc(4);
  size.writeInt32BE(header.length + clientId.length + body.length);
  return Buffer.concat([size, header, clientId, body]);
}

class Reader {
  offset = 0;
  readonly buffer: Buffer;
  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }
  int16(): number {
    this.offset += 2;
    return this.buffer.readInt16BE(this.offset - 2);
  }
  int32(): number {
    this.offset += 4;
    return this.buffer.readInt32BE(this.offset - 4);
  }
  string(): string | null {
    const length = this.int16();
    if (length < 0) return null;
    this.offset += length;
    return this.buffer.toString('utf8', this.offset - length, this.offset);
  }
}

function parseMetadata(reader: Reader): KafkaProbeResult {
  reader.int32(); // throttle_time_ms
  const brokers = Array.from({ length: reader.int32() }, () => {
    const nodeId = reader.int32();
    const host = reader.string() ?? '';
    const port = reader.int32();
    reader.string(); // rack
    return { nodeId, host, port };
  });
  return { clusterId: reader.string(), brokers };
}

export function probeKafka(host: string, port: number, timeoutMs = 3000): Promise<KafkaProbeResult> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let step = 0;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(new Error(`Kafka at ${host}:${port} did not answer in ${timeoutMs} ms`)),
    );
    socket.once('error', fail);
    socket.once('connect', () => socket.write(request(API_VERSIONS, 0, 1, Buffer.alloc(0))));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4 || received.length < 4 + received.readInt32BE(0)) return;
      const reader = new Reader(received.subarray(4, 4 + received.readInt32BE(0)));
      received = received.subarray(4 + reader.buffer.length);
      if (reader.int32() !== ++step)
        return fail(new Error('Kafka answered with an unexpected correlation id'));
      if (step === 1) {
        const errorCode = reader.int16();
        if (errorCode !== 0) return fail(new Error(`ApiVersions failed with error code ${errorCode}`));
        const apis = Array.from({ length: reader.int32() }, () => [
          reader.int16(),
          reader.int16(),
          reader.int16(),
        ]);
        const metadata = apis.find(([key]) => key === METADATA);
        if (!metadata || (metadata[1] ?? 0) > METADATA_VERSION || (metadata[2] ?? 0) < METADATA_VERSION) {
          return fail(new Error(`Kafka at ${host}:${port} does not support Metadata v${METADATA_VERSION}`));
        }
        // All topics (null array), no auto-creation.
        const body = Buffer.from([0xff, 0xff, 0xff, 0xff, 0]);
        socket.write(request(METADATA, METADATA_VERSION, 2, body));
        return;
      }
      socket.end();
      resolve(parseMetadata(reader));
    });
  });
}
