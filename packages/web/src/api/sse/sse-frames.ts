export type SseMessage = { event: string; data: unknown };

/** Splits `event:`/`data:` frames; returns the messages and the unfinished rest of the buffer. */
export function parseSseFrames(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) continue; // a keep-alive comment
    try {
      messages.push({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      messages.push({ event, data: data.join('\n') });
    }
  }
  return { messages, rest };
}
