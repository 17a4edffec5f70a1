import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-titles';

describe('documentTitle', () => {
  it('names the area below the cluster', () => {
    expect(documentTitle('/local/topic')).toBe('Topics | Kafka Console');
    expect(documentTitle('/local/topic/orders/data')).toBe('Topics | Kafka Console');
    expect(documentTitle('/local/node')).toBe('Nodes | Kafka Console');
    expect(documentTitle('/local/nodes')).toBe('Nodes | Kafka Console');
    expect(documentTitle('/local/tail')).toBe('Live Tail | Kafka Console');
    expect(documentTitle('/local/group/g1')).toBe('Consumer Groups | Kafka Console');
    expect(documentTitle('/local/acls')).toBe('Acls | Kafka Console');
    expect(documentTitle('/local/schema')).toBe('Schema Registry | Kafka Console');
    expect(documentTitle('/local/connect/c1')).toBe('Connect | Kafka Console');
  });

  it('falls back to the product name', () => {
    expect(documentTitle('/')).toBe('Kafka Console');
    expect(documentTitle('/local/unknown')).toBe('Kafka Console');
    expect(documentTitle('/login')).toBe('Login | Kafka Console');
  });
});
