import { describe, expect, it } from 'vitest';
import { serverSorting, sortParams } from './server-sort';

const columns = { count: 'records', logDirSize: 'size', name: 'name' };

describe('server sorting in the address', () => {
  it('maps the server column back to the table column, asc unless desc', () => {
    expect(serverSorting(columns, 'size', 'desc')).toEqual([{ id: 'logDirSize', desc: true }]);
    expect(serverSorting(columns, 'records', undefined)).toEqual([{ id: 'count', desc: false }]);
    expect(serverSorting(columns, 'colour', 'asc')).toEqual([]);
    expect(serverSorting(columns, undefined, undefined)).toEqual([]);
  });

  it('asks the server for the column clicked, and for its default when sorting is removed', () => {
    expect(sortParams(columns, [{ id: 'count', desc: true }])).toEqual({ sort: 'records', order: 'desc' });
    expect(sortParams(columns, [{ id: 'name', desc: false }])).toEqual({ sort: 'name', order: 'asc' });
    expect(sortParams(columns, [])).toEqual({ sort: undefined, order: undefined });
  });
});
