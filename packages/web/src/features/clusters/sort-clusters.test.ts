import { describe, expect, it } from 'vitest';
import { sortClusters } from './sort-clusters';

describe('sortClusters', () => {
  it('orders by id without touching the input', () => {
    const input = [
      { id: 'prod', registry: false },
      { id: 'dev', registry: true },
      { id: 'Local', registry: false },
    ];
    expect(sortClusters(input).map((c) => c.id)).toEqual(['Local', 'dev', 'prod']);
    expect(input[0]?.id).toBe('prod');
  });
});
