import { describe, expect, it } from 'vitest';
import { parseSseFrames } from './sse-frames';

describe('server-sent event frames', () => {
  it('parses complete frames and keeps the unfinished rest', () => {
    const { messages, rest } = parseSseFrames(
      'event: searchBody\ndata: {"percent":1.5}\n\n: keep-alive\n\nevent: searchEnd\ndata: {"perc',
    );
    expect(messages).toEqual([{ event: 'searchBody', data: { percent: 1.5 } }]);
    expect(rest).toBe('event: searchEnd\ndata: {"perc');
    expect(parseSseFrames(`${rest}ent":100}\n\n`).messages).toEqual([
      { event: 'searchEnd', data: { percent: 100 } },
    ]);
  });

  it('accepts CRLF line ends', () => {
    expect(parseSseFrames('event: x\r\ndata: 1\r\n\r\n').messages).toEqual([{ event: 'x', data: 1 }]);
  });
});
