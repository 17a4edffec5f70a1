import { describe, expect, it } from 'vitest';
import { searchStatus } from './search-status';

const end = { reason: 'end', percent: 100, scanned: { records: 3, bytes: 10, ms: 5 } } as const;

describe('searchStatus', () => {
  it('says stopped when Stop came before anything arrived (the query went back to no data)', () => {
    expect(searchStatus({ ready: true, running: false, data: undefined, error: null })).toMatchObject({
      stopped: true,
      percent: 0,
      error: undefined,
    });
  });

  it('says stopped midway, and not before the search may start', () => {
    const data = { records: [], percent: 12.5 };
    expect(searchStatus({ ready: true, running: false, data, error: null }).stopped).toBe(true);
    expect(searchStatus({ ready: false, running: false, data: undefined, error: null }).stopped).toBe(false);
    expect(searchStatus({ ready: true, running: true, data, error: null }).stopped).toBe(false);
  });

  it('is not stopped once the end came, and keeps why it ended', () => {
    const done = { records: [], percent: 100, end };
    expect(searchStatus({ ready: true, running: false, data: done, error: null })).toMatchObject({
      stopped: false,
      end,
    });
  });

  it('names a failed request instead of calling it stopped', () => {
    const failed = searchStatus({
      ready: true,
      running: false,
      data: undefined,
      error: new Error("Partition '9' doesn't exist"),
    });
    expect(failed).toMatchObject({ stopped: false, error: "Partition '9' doesn't exist" });
    expect(searchStatus({ ready: true, running: false, data: undefined, error: new Error('') }).error).toBe(
      'The search failed',
    );
  });
});
