import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { lineErrors, mediaOf } from './import-form';

describe('mediaOf', () => {
  it('reads the format from the file name, JSON unless it says CSV or JSON lines', () => {
    expect(mediaOf('orders.CSV')).toBe('text/csv');
    expect(mediaOf('orders.jsonl')).toBe('application/x-ndjson');
    expect(mediaOf('orders.ndjson')).toBe('application/x-ndjson');
    expect(mediaOf('topic-orders.json')).toBe('application/json');
  });
});

describe('lineErrors', () => {
  it('lists the bad lines of a refused import and nothing for another failure', () => {
    const refused = new ApiError(400, '2 bad record(s)', {
      fields: [
        { field: 'body.line.3', message: 'not JSON' },
        { field: 'querystring.onError', message: 'invalid' },
        { field: 'body.line.50000', message: 'partition: is 9' },
      ],
    });
    expect(lineErrors(refused)).toEqual([
      { line: 3, message: 'not JSON' },
      { line: 50000, message: 'partition: is 9' },
    ]);
    expect(lineErrors(new ApiError(503, 'down'))).toEqual([]);
  });
});
