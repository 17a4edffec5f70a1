import type { ScanStop } from '@console/contract';
import type { Config } from '../../platform/config/schema.ts';
import type { Scanned } from './types.ts';

export type BudgetLimits = { maxRecords: number; maxBytes: number; maxMs: number };

/**
 * What one request may scan (docs/api-conventions.md#scans-and-budgets): records, bytes and wall time. Shared
 * by every read of the request, so a NEWEST page read in several windows stays within one budget.
 */
export class Budget {
  readonly limits: BudgetLimits;
  readonly #started = Date.now();
  records = 0;
  bytes = 0;

  constructor(limits: BudgetLimits) {
    this.limits = limits;
  }

  /** The configured budgets, each lowered (never raised) by the request's own. */
  static of(config: Config, asked: { maxRecords?: number; maxBytes?: number; maxMs?: number } = {}): Budget {
    const { scanMaxRecords, scanMaxBytes, scanMaxMs } = config.topicData;
    const lower = (configured: number, wanted: number | undefined) =>
      wanted !== undefined && wanted > 0 ? Math.min(configured, wanted) : configured;
    return new Budget({
      maxRecords: lower(scanMaxRecords, asked.maxRecords),
      maxBytes: lower(scanMaxBytes, asked.maxBytes),
      maxMs: lower(scanMaxMs, asked.maxMs),
    });
  }

  /**
   * Only the request's own budgets (none set: no limit). A download is bounded by its range instead: it
   * streams at the pace the client reads and stops when the client leaves, so a configured budget would
   * only shorten the file of a user who asked for the whole range.
   */
  static asked(asked: { maxRecords?: number; maxBytes?: number; maxMs?: number }): Budget {
    const own = (wanted: number | undefined) =>
      wanted !== undefined && wanted > 0 ? wanted : Number.POSITIVE_INFINITY;
    return new Budget({
      maxRecords: own(asked.maxRecords),
      maxBytes: own(asked.maxBytes),
      maxMs: own(asked.maxMs),
    });
  }

  /**
   * The budget that ran out, if one has. None has before anything was read: a scan always gets somewhere,
   * so going on from where a budget stopped it always moves forward.
   */
  exhausted(): Exclude<ScanStop, 'end' | 'limit'> | undefined {
    if (this.records === 0 && this.bytes === 0) return undefined;
    if (this.records >= this.limits.maxRecords) return 'records';
    if (this.bytes >= this.limits.maxBytes) return 'bytes';
    if (Date.now() - this.#started >= this.limits.maxMs) return 'time';
    return undefined;
  }

  /** How many of `count` more records may still be examined. */
  allowance(count: number): number {
    return Math.max(0, Math.min(count, this.limits.maxRecords - this.records));
  }

  /** Records and bytes still to be read before the budget runs out (never below 0). */
  left(): { records: number; bytes: number } {
    return {
      records: Math.max(0, this.limits.maxRecords - this.records),
      bytes: Math.max(0, this.limits.maxBytes - this.bytes),
    };
  }

  scanned(): Scanned {
    return { records: this.records, bytes: this.bytes, ms: Date.now() - this.#started };
  }
}
