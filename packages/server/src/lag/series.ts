const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A point: when, the total lag, and the partitions' lags as [partition, lag, partition, lag...]. */
export type Point = { t: number; lag: number; parts: Float64Array };

/**
 * The resolutions a series is kept at. Every sample goes into each tier; a coarse tier keeps per bucket
 * the sample with the highest lag (peaks are what a lag chart is for). A tier keeps what is younger than
 * its span (measured from the newest sample, so every replica fed the same records holds the same points)
 * and at most `max` points.
 */
export const TIERS = [
  { step: 0, span: 65 * MINUTE, max: 4_000 },
  { step: 5 * MINUTE, span: 25 * HOUR, max: 300 },
  { step: HOUR, span: Number.POSITIVE_INFINITY, max: 24 * 31 },
] as const;

/** The tier a range is answered from: the finest one whose span covers it. */
export function tierFor(rangeMs: number): number {
  const i = TIERS.findIndex((tier) => rangeMs <= tier.span);
  return i < 0 ? TIERS.length - 1 : i;
}

class Tier {
  readonly #step: number;
  readonly #span: number;
  readonly #max: number;
  #points: Point[] = [];
  #start = 0;

  constructor({ step, span, max }: { step: number; span: number; max: number }) {
    this.#step = step;
    this.#span = span;
    this.#max = max;
  }

  add(point: Point, retentionMs: number): void {
    const last = this.#points[this.#points.length - 1];
    if (last && point.t < last.t) return;
    if (this.#step > 0) {
      const bucket = Math.floor(point.t / this.#step) * this.#step;
      if (last && last.t === bucket) {
        if (point.lag > last.lag) this.#points[this.#points.length - 1] = { ...point, t: bucket };
        return;
      }
      this.#points.push({ ...point, t: bucket });
    } else if (last && last.t === point.t) this.#points[this.#points.length - 1] = point;
    else this.#points.push(point);
    const oldest = point.t - Math.min(this.#span, retentionMs);
    while (
      this.#start < this.#points.length &&
      (this.#points.length - this.#start > this.#max || (this.#points[this.#start]?.t ?? 0) < oldest)
    )
      this.#start++;
    if (this.#start > 64 && this.#start > this.#points.length / 2) {
      this.#points = this.#points.slice(this.#start);
      this.#start = 0;
    }
  }

  /** The points in [from, to], oldest first. */
  *range(from: number, to: number): Generator<Point> {
    for (let i = this.#start; i < this.#points.length; i++) {
      const p = this.#points[i] as Point;
      if (p.t > to) return;
      if (p.t >= from) yield p;
    }
  }
}

/** One group's lag on one topic over time, at the resolutions of TIERS. */
export class Series {
  readonly #tiers = TIERS.map((t) => new Tier(t));
  latest: Point | undefined;

  add(point: Point, retentionMs: number): void {
    if (this.latest && point.t < this.latest.t) return;
    this.latest = point;
    for (const tier of this.#tiers) tier.add(point, retentionMs);
  }

  range(from: number, to: number, tier = tierFor(to - from)): Generator<Point> {
    return (this.#tiers[tier] as Tier).range(from, to);
  }

  get newest(): number {
    return this.latest?.t ?? 0;
  }
}
