const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A point: when, the total lag, and the partitions' lags as [partition, lag, partition, lag...] (a NaN
 * partition: none at that point).
 */
export type Point = { t: number; lag: number; parts: ArrayLike<number> };

/**
 * The resolutions a series is kept at. Every sample goes into each tier; a coarse tier keeps per bucket
 * the sample with the highest lag (peaks are what a lag chart is for). A tier keeps what is younger than
 * its span (measured from the newest sample, so every replica fed the same records holds the same points)
 * and at most `max` points. Only the finest tier keeps each partition's lag (the coarse ones, totals),
 * which keeps a series near 17 KiB at 3 partitions (tests/bench/results/lag.md).
 */
export const TIERS = [
  { step: 0, span: 65 * MINUTE, max: 4_000, partitions: true },
  { step: 5 * MINUTE, span: 25 * HOUR, max: 300, partitions: false },
  { step: HOUR, span: Number.POSITIVE_INFINITY, max: 24 * 31, partitions: false },
] as const;

/** The tier a range is answered from: the finest one whose span covers it. */
export function tierFor(rangeMs: number): number {
  const i = TIERS.findIndex((tier) => rangeMs <= tier.span);
  return i < 0 ? TIERS.length - 1 : i;
}

/**
 * One resolution of a series: rows of [t, lag, partition, lag, partition, lag...] in one Float64Array
 * ring (grown by doubling up to `max` rows), so a point costs 8 bytes a number and no object. A partition
 * added later widens every row; rows written before it hold NaN there.
 */
class Tier {
  readonly #step: number;
  readonly #span: number;
  readonly #max: number;
  readonly #partitions: boolean;
  #data = new Float64Array(0);
  #width = 2;
  #cap = 0;
  #head = 0;
  #size = 0;

  constructor({
    step,
    span,
    max,
    partitions,
  }: { step: number; span: number; max: number; partitions: boolean }) {
    this.#step = step;
    this.#span = span;
    this.#max = max;
    this.#partitions = partitions;
  }

  add(t: number, lag: number, all: readonly number[], retentionMs: number): void {
    const parts = this.#partitions ? all : [];
    if (2 + parts.length > this.#width) this.#reshape(2 + parts.length, Math.max(this.#cap, 1));
    const at = this.#step > 0 ? Math.floor(t / this.#step) * this.#step : t;
    if (this.#size > 0) {
      const last = this.#offset(this.#size - 1);
      const lastT = this.#data[last] as number;
      if (at < lastT) return;
      if (at === lastT) {
        // A coarse bucket keeps its highest sample; the raw tier the sample written last.
        if (this.#step === 0 || lag > (this.#data[last + 1] as number)) this.#write(last, at, lag, parts);
        return;
      }
    }
    if (this.#size === this.#cap) {
      if (this.#cap < this.#max) this.#reshape(this.#width, Math.min(this.#max, Math.max(4, this.#cap * 2)));
      else this.#dropOldest();
    }
    this.#write(this.#offset(this.#size), at, lag, parts);
    this.#size++;
    const oldest = t - Math.min(this.#span, retentionMs);
    while (this.#size > 0 && (this.#data[this.#offset(0)] as number) < oldest) this.#dropOldest();
  }

  /** The points in [from, to], oldest first. */
  *range(from: number, to: number): Generator<Point> {
    for (let i = 0; i < this.#size; i++) {
      const o = this.#offset(i);
      const t = this.#data[o] as number;
      if (t > to) return;
      if (t >= from)
        yield { t, lag: this.#data[o + 1] as number, parts: this.#data.subarray(o + 2, o + this.#width) };
    }
  }

  #offset(i: number): number {
    return ((this.#head + i) % this.#cap) * this.#width;
  }

  #dropOldest(): void {
    this.#head = (this.#head + 1) % this.#cap;
    this.#size--;
  }

  #write(o: number, t: number, lag: number, parts: readonly number[]): void {
    this.#data[o] = t;
    this.#data[o + 1] = lag;
    for (let j = 0; j < this.#width - 2; j++)
      this.#data[o + 2 + j] = j < parts.length ? (parts[j] as number) : Number.NaN;
  }

  #reshape(width: number, cap: number): void {
    const data = new Float64Array(cap * width).fill(Number.NaN);
    for (let i = 0; i < this.#size; i++) {
      const o = this.#offset(i);
      data.set(this.#data.subarray(o, o + this.#width), i * width);
    }
    this.#data = data;
    this.#width = width;
    this.#cap = cap;
    this.#head = 0;
  }
}

/** One group's lag on one topic over time, at the resolutions of TIERS. */
export class Series {
  readonly #tiers = TIERS.map((t) => new Tier(t));
  latest: Point | undefined;

  add(t: number, lag: number, parts: readonly number[], retentionMs: number): void {
    if (this.latest && t < this.latest.t) return;
    this.latest = { t, lag, parts };
    for (const tier of this.#tiers) tier.add(t, lag, parts, retentionMs);
  }

  range(from: number, to: number, tier = tierFor(to - from)): Generator<Point> {
    return (this.#tiers[tier] as Tier).range(from, to);
  }

  get newest(): number {
    return this.latest?.t ?? 0;
  }
}
