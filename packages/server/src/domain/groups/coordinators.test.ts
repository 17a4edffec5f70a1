import { describe, expect, it } from 'vitest';
import { javaHashCode, offsetsPartition } from './coordinators.ts';

// Expected values printed by Java 17 with kafka-clients 4.4.0: g.hashCode() and
// Utils.abs(g.hashCode()) % 50, as Kafka's group coordinator places a group in __consumer_offsets.
const JAVA: [group: string, hash: number, partition: number][] = [
  ['', 0, 0],
  ['orders-service', 23943117, 17],
  ['polygenelubricants', -2147483648, 0],
  ['bench-gr-g00042', 1326818412, 12],
  ['grüße-gruppe', 80269105, 5],
  ['emoji-😀-group', -1581567172, 22],
  ['e2e-editors-billing-invoices-reconciliation-consumer-group-eu-west-1', -1444288676, 26],
];

describe('offsetsPartition', () => {
  it.each(JAVA)('places %j where Kafka does', (group, hash, partition) => {
    expect(javaHashCode(group)).toBe(hash);
    expect(offsetsPartition(group, 50)).toBe(partition);
  });
});
