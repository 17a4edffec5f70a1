import type { KeyValue } from '@console/contract';
import type { MaskingRuleConfig } from '../../platform/config/masking.ts';
import type { DecodedPart } from '../records/decode/decode.ts';
import { maskOf } from './mask-kinds.ts';
import { type HeaderMask, maskHeaders, maskPart, type PartMask } from './mask-record.ts';
import { type Screen, screenOf } from './screen.ts';

/**
 * What one viewer sees masked on one topic: the rules that apply, in config order. `id` names the set,
 * so that viewers under the same rules can share a masked record (the live tail does).
 */
export type RecordMask = {
  id: string;
  key: (part: DecodedPart) => DecodedPart;
  value: (part: DecodedPart) => DecodedPart;
  headers: (headers: KeyValue[]) => KeyValue[];
  /** Tells a search that its terms are not in the masked key or value without masking it (screen.ts). */
  screens: { key: Screen | undefined; value: Screen | undefined };
};

type Compiled = {
  index: number;
  topics: RegExp[];
  clusters: RegExp[];
  unmaskedFor: ReadonlySet<string>;
  key: PartMask | undefined;
  value: PartMask | undefined;
  headers: HeaderMask | undefined;
};

const fullMatch = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function partMask(
  part: 'key' | 'value',
  paths: readonly string[],
  mask: PartMask['mask'],
): PartMask | undefined {
  const mine = paths.filter((p) => p === part || p.startsWith(`${part}.`));
  if (mine.length === 0) return undefined;
  const whole = mine.includes(part);
  return { whole, fields: whole ? [] : mine.map((p) => p.split('.').slice(1)), mask };
}

function headerMask(paths: readonly string[], mask: HeaderMask['mask']): HeaderMask | undefined {
  const mine = paths.filter((p) => p === 'headers' || p.startsWith('headers.'));
  if (mine.length === 0) return undefined;
  const names = new Set(
    mine.filter((p) => p !== 'headers').map((p) => p.slice('headers.'.length).toLowerCase()),
  );
  return { all: mine.includes('headers'), names, mask };
}

/** `security.masking`, compiled once: which rules a viewer is under, per cluster and topic. */
export class MaskingPolicy {
  readonly #rules: Compiled[];

  constructor(rules: readonly MaskingRuleConfig[], secret: string | undefined) {
    this.#rules = rules.map((rule, index) => {
      const mask = maskOf(rule, secret);
      return {
        index,
        topics: rule.topics.map(fullMatch),
        clusters: rule.clusters.map(fullMatch),
        unmaskedFor: new Set(rule.unmaskedFor),
        key: partMask('key', rule.paths, mask),
        value: partMask('value', rule.paths, mask),
        headers: headerMask(rule.paths, mask),
      };
    });
  }

  /** The masks of a viewer in these console groups (the default group included). */
  viewer(groups: readonly string[]): ViewerMasks {
    return new ViewerMasks(this.#rules.filter((r) => !groups.some((g) => r.unmaskedFor.has(g))));
  }
}

/** One viewer's masks; each topic's RecordMask is made once. */
export class ViewerMasks {
  readonly #rules: Compiled[];
  readonly #topics = new Map<string, RecordMask | undefined>();

  constructor(rules: Compiled[]) {
    this.#rules = rules;
  }

  /** Whether any rule masks anything for this viewer on the cluster. */
  anyOn(cluster: string): boolean {
    return this.#rules.some((r) => r.clusters.some((re) => re.test(cluster)));
  }

  /** The mask of the topic's records, or undefined when this viewer sees them clear. */
  topic(cluster: string, topic: string): RecordMask | undefined {
    const cacheKey = `${cluster}\u0000${topic}`;
    if (this.#topics.has(cacheKey)) return this.#topics.get(cacheKey);
    const rules = this.#rules.filter(
      (r) => r.clusters.some((re) => re.test(cluster)) && r.topics.some((re) => re.test(topic)),
    );
    const mask = rules.length ? recordMask(rules) : undefined;
    this.#topics.set(cacheKey, mask);
    return mask;
  }
}

function recordMask(rules: Compiled[]): RecordMask {
  const keys = rules.flatMap((r) => (r.key ? [r.key] : []));
  const values = rules.flatMap((r) => (r.value ? [r.value] : []));
  const headers = rules.flatMap((r) => (r.headers ? [r.headers] : []));
  return {
    id: rules.map((r) => r.index).join(','),
    key: (part) => maskPart(part, keys),
    value: (part) => maskPart(part, values),
    headers: (list) => maskHeaders(list, headers),
    screens: { key: screenOf(keys), value: screenOf(values) },
  };
}

/** `value` through `mask` when there is one. */
export const masked = <T>(mask: ((value: T) => T) | undefined, value: T): T => (mask ? mask(value) : value);
