/** One server-sent event as the console's streams write it (http/sse.ts): a name and JSON data. */
export type StreamFrame = { event: string; data: unknown };

/** A frame larger than this is refused rather than buffered: no answer grows without bound. */
const MAX_FRAME_CHARS = 256 * 1024 * 1024;

function parseFrame(block: string): StreamFrame | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) };
  } catch {
    return { event, data: text };
  }
}

/**
 * The events of a `text/event-stream` body, as they arrive (keep-alive comments skipped). Ends when the
 * body ends; a body destroyed on purpose (`stopped()`) ends it quietly too.
 */
export async function* streamFrames(
  body: AsyncIterable<Buffer | string>,
  stopped: () => boolean,
): AsyncGenerator<StreamFrame> {
  let pending = '';
  try {
    for await (const chunk of body) {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (pending.length > MAX_FRAME_CHARS) throw new Error('an event of the stream is too large');
      let end = pending.indexOf('\n\n');
      while (end >= 0) {
        const frame = parseFrame(pending.slice(0, end));
        pending = pending.slice(end + 2);
        if (frame) yield frame;
        end = pending.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (!stopped()) throw error;
  }
}
