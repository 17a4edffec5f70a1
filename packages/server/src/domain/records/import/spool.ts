import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded file kept on disk while it is read twice (checked, then written), removed after. */
export type Spooled = {
  bytes: number;
  /** The file's text from its start, in chunks (UTF-8, a BOM dropped). */
  read(): AsyncIterable<string>;
  remove(): Promise<void>;
};

/** Fastify's own refusal of a body over the route's `bodyLimit`: answered as 413 naming the limit's key. */
function tooLarge(): Error {
  return Object.assign(new Error('Request body is too large'), {
    statusCode: 413,
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  });
}

/**
 * Writes the request body to a file of its own in the system's temp directory, never holding more than a
 * chunk in memory; more than `maxBytes` stops it with a 413. The file is read twice (all lines checked
 * before any is written), which a request stream cannot be.
 */
export async function spool(
  body: NodeJS.ReadableStream,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Spooled> {
  const dir = await mkdtemp(join(tmpdir(), 'console-import-'));
  const path = join(dir, 'upload');
  const remove = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(path), { signal });
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    bytes,
    async *read() {
      let first = true;
      for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
        const text = chunk as string;
        yield first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        first = false;
      }
    },
    remove,
  };
}
