const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A point: when, the total lag, and the partitions' lags as [partition, lag, partition, lag...] (a NaN
 * partition: none at that point).
 */
export type Point = { t: number; lag: number; parts: ArrayLike<number>; lagMs?: number };

/**
 * The resolutions a series is kept at. Every sample goes into each tier; a coarse tier keeps per bucket
 * the sample with the highest lag (peaks are what a lag chart is for). A tier keeps what is younger than
 * its span (measured from the newest sample, so every replica fed the same records holds the same points)
 * and at most `max` points. Only the finest tier keeps each partition's lag (the coarse ones, totals),
 * which keeps a series near 9 KiB at 3 partitions (tests/bench/results/lag.md).
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

/** A lag cell with no value (a partition added after the row, or missing from that sample). */
const ABSENT = 0xffff_ffff;

/**
 * One resolution of a series: a ring of rows, each a time (`#time`, ms) and the lags (`#lags`): the
 * total, then one per partition of `#ids` (only in a tier that keeps partitions). Lags are held as
 * 32-bit integers, 4 bytes a number, until one does not fit (above 4 billion, or not a whole number):
 * then as 64-bit floats. The partition ids are held once per tier, not per row. A partition added
 * later widens every row; rows written before it hold no value there. The ring grows by half up to
 * `max` rows, so it stays near the rows its span needs.
 */
class Tier {
  readonly #step: number;
  readonly #span: number;
  readonly #max: number;
  readonly #partitions: boolean;
  #ids: number[] = [];
  #time = new Float64Array(0);
  #lags: Uint32Array | Float64Array = new Uint32Array(0);
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

  get #width(): number {
    return 1 + this.#ids.length;
  }

  add(t: number, lag: number, all: readonly number[], retentionMs: number): void {
    const parts = this.#partitions ? all : [];
    this.#know(parts, lag);
    const at = this.#step > 0 ? Math.floor(t / this.#step) * this.#step : t;
    if (this.#size > 0) {
      const last = this.#row(this.#size - 1);
      const lastT = this.#time[last] as number;
      if (at < lastT) return;
      if (at === lastT) {
        // A coarse bucket keeps its highest sample; the raw tier the sample written last.
        if (this.#step === 0 || lag > this.#lag(last * this.#width)) this.#write(last, at, lag, parts);
        return;
      }
    }
    if (this.#size === this.#cap) {
      if (this.#cap < this.#max) this.#reshape(Math.min(this.#max, Math.max(8, Math.ceil(this.#cap * 1.5))));
      else this.#dropOldest();
    }
    this.#write(this.#row(this.#size), at, lag, parts);
    this.#size++;
    const oldest = t - Math.min(this.#span, retentionMs);
    while (this.#size > 0 && (this.#time[this.#row(0)] as number) < oldest) this.#dropOldest();
  }

  /** The points in [from, to], oldest first. */
  *range(from: number, to: number): Generator<Point> {
    const width = this.#width;
    for (let i = 0; i < this.#size; i++) {
      const row = this.#row(i);
      const t = this.#time[row] as number;
      if (t > to) return;
      if (t < from) continue;
      const o = row * width;
      const parts: number[] = [];
      for (let j = 0; j < this.#ids.length; j++) {
        const value = this.#lag(o + 1 + j);
        if (!Number.isNaN(value)) parts.push(this.#ids[j] as number, value);
      }
      yield { t, lag: this.#lag(o), parts };
    }
  }

  /** Makes room for the sample's partitions and values: new columns, 64-bit lags when 32 bits are short. */
  #know(parts: readonly number[], lag: number): void {
    const narrow = this.#lags instanceof Uint32Array;
    const fits = (value: number) => Number.isInteger(value) && value >= 0 && value < ABSENT;
    let wide = narrow && !fits(lag);
    let ids = this.#ids;
    for (let i = 0; i + 1 < parts.length; i += 2) {
      if (!ids.includes(parts[i] as number)) ids = [...ids, parts[i] as number];
      if (narrow && !fits(parts[i + 1] as number)) wide = true;
    }
    if (ids === this.#ids && !wide) return;
    this.#reshape(Math.max(this.#cap, 1), ids.length, wide || !narrow);
    this.#ids = ids;
  }

  #lag(i: number): number {
    const value = this.#lags[i] as number;
    return this.#lags instanceof Uint32Array && value === ABSENT ? Number.NaN : value;
  }

  #row(i: number): number {
    return (this.#head + i) % this.#cap;
  }

  #dropOldest(): void {
    this.#head = (this.#head + 1) % this.#cap;
    this.#size--;
  }

  #write(row: number, t: number, lag: number, parts: readonly number[]): void {
    const width = this.#width;
    const o = row * width;
    const absent = this.#lags instanceof Uint32Array ? ABSENT : Number.NaN;
    this.#time[row] = t;
    this.#lags[o] = lag;
    this.#lags.fill(absent, o + 1, o + width);
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const p = parts[i] as number;
      // Partitions come in the same order each sample: look where the last one was first.
      const j = this.#ids[i / 2] === p ? i / 2 : this.#ids.indexOf(p);
      this.#lags[o + 1 + j] = parts[i + 1] as number;
    }
  }

  /**
   * Rows moved to a ring of `cap` rows from 0, with `columns` partition columns (the old ones first), as
   * 64-bit lags when `wide`.
   */
  #reshape(cap: number, columns = this.#ids.length, wide = this.#lags instanceof Float64Array): void {
    const width = 1 + columns;
    const oldWidth = this.#width;
    const absent = wide ? Number.NaN : ABSENT;
    const time = new Float64Array(cap);
    const lags = wide ? new Float64Array(cap * width) : new Uint32Array(cap * width);
    lags.fill(absent);
    for (let i = 0; i < this.#size; i++) {
      const row = this.#row(i);
      time[i] = this.#time[row] as number;
      for (let j = 0; j < oldWidth; j++) {
        const value = this.#lag(row * oldWidth + j);
        lags[i * width + j] = Number.isNaN(value) ? absent : value;
      }
    }
    this.#time = time;
    this.#lags = lags;
    this.#cap = cap;
    this.#head = 0;
  }
}

/** One group's lag on one topic over time, at the resolutions of TIERS. */
export class Series {
  readonly #tiers = TIERS.map((t) => new Tier(t));
  latest: Point | undefined;

  /** `lagMs`, when the sample has it, is kept on the newest point only: the time-lag rules read no more. */
  add(t: number, lag: number, parts: readonly number[], retentionMs: number, lagMs?: number): void {
    if (this.latest && t < this.latest.t) return;
    this.latest = { t, lag, parts, ...(lagMs !== undefined ? { lagMs } : {}) };
    for (const tier of this.#tiers) tier.add(t, lag, parts, retentionMs);
  }

  range(from: number, to: number, tier = tierFor(to - from)): Generator<Point> {
    return (this.#tiers[tier] as Tier).range(from, to);
  }

  get newest(): number {
    return this.latest?.t ?? 0;
  }
}
