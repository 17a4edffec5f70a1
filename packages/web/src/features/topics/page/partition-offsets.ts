/**
 * The Partitions tab's Offsets cell (docs/behaviour.md#topic-page: first to last). Kafka's end offset is the
 * high-water mark, the offset the next record will get, so the last offset is one below it; shown as such,
 * two records read "0 → 1", not "0 → 2" as if there were three.
 */
export function partitionOffsets(
  firstOffset: number,
  highWatermark: number,
): { range: string; mark: string } {
  const n = (value: number) => value.toLocaleString('en');
  return {
    range: highWatermark > firstOffset ? `${n(firstOffset)} → ${n(highWatermark - 1)}` : 'empty',
    mark: `high-water mark ${n(highWatermark)}`,
  };
}
