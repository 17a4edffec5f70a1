import type { Action, ConnectDefinition } from '@console/contract';
import { type Identity, refusal } from '../access/identity.ts';
import type { AccessRights } from '../access/roles.ts';

/**
 * Which topics a connector config names, and what the connector does with each:
 * a sink reads `topics` / `topics.regex`; a source writes `topic`, `*.topic`, `*.topic.name`; either
 * writes its dead letter queue; `topic.prefix` and `*.topic.prefix` start the names a source writes.
 * What else a plugin reads or writes through its own keys cannot be known: docs/connector-permissions.md.
 */
export type TopicUse =
  | { key: string; kind: 'name'; name: string; action: Action }
  | { key: string; kind: 'regex'; regex: string; action: Action };

const DEAD_LETTER = 'errors.deadletterqueue.topic.name';
const WRITTEN = /(?:^|\.)topic(?:\.name)?$/;
const PREFIX = /(?:^|\.)topic\.prefix$/;

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Escapes a literal for the `literal.*` form `regexCovered` understands. */
const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

export function topicUses(
  configs: Readonly<Record<string, string>>,
  pluginType: string | undefined,
): TopicUse[] {
  const sink = pluginType === 'sink';
  const source = pluginType === 'source';
  const uses: TopicUse[] = [];
  for (const [key, value] of Object.entries(configs)) {
    if (!value.trim()) continue;
    if (key === 'topics') {
      // A sink reads them; a source with `topics` (MirrorMaker) writes copies of them.
      const action: Action = source ? 'CREATE' : 'READ';
      for (const name of list(value)) uses.push({ key, kind: 'name', name, action });
    } else if (key === 'topics.regex') {
      uses.push({ key, kind: 'regex', regex: value, action: source ? 'CREATE' : 'READ' });
    } else if (key === DEAD_LETTER) {
      uses.push({ key, kind: 'name', name: value.trim(), action: 'CREATE' });
    } else if (PREFIX.test(key)) {
      uses.push({ key, kind: 'regex', regex: `${escapeLiteral(value.trim())}.*`, action: 'CREATE' });
    } else if (WRITTEN.test(key)) {
      // Sources write it; a sink naming a topic in its own key most likely reads it; unknown: both.
      const actions: Action[] = source ? ['CREATE'] : sink ? ['READ'] : ['READ', 'CREATE'];
      for (const action of actions) uses.push({ key, kind: 'name', name: value.trim(), action });
    }
  }
  return uses;
}

/** A regex longer than this is not analysed (and refused as unproven). */
const MAX_REGEX = 1_000;
const LITERAL = /[A-Za-z0-9_-]/;
const QUANTIFIER = /[?*+{]/;

/** The regex's top-level alternatives (`|` outside groups and classes), or undefined when unbalanced. */
function splitAlternatives(regex: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let inClass = 0;
  let start = 0;
  for (let i = 0; i < regex.length; i++) {
    const c = regex[i];
    if (c === '\\') i++;
    else if (c === '[') inClass++;
    else if (c === ']' && inClass > 0) inClass--;
    else if (inClass === 0 && c === '(') depth++;
    else if (inClass === 0 && c === ')') depth--;
    else if (inClass === 0 && depth === 0 && c === '|') {
      parts.push(regex.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0 || inClass !== 0) return undefined;
  parts.push(regex.slice(start));
  return parts;
}

/**
 * Each top-level alternative of a regex as the literal text every match of it starts with (`prefix`),
 * and what follows (`rest`): `pub-.*-orders` is prefix `pub-`, rest `.*-orders`. Letters, digits, `_`,
 * `-` and the escapes `\.` `\-` `\_` are literal; a literal followed by a quantifier is not part of the
 * prefix. Undefined for a regex too long or unbalanced to read. The regex is never run.
 */
export function alternatives(regex: string): { prefix: string; rest: string }[] | undefined {
  if (regex.length > MAX_REGEX) return undefined;
  const parts = splitAlternatives(regex);
  if (!parts) return undefined;
  return parts.map((part) => {
    let text = part.startsWith('^') ? part.slice(1) : part;
    if (text.endsWith('$') && !text.endsWith('\\$')) text = text.slice(0, -1);
    let prefix = '';
    let i = 0;
    while (i < text.length) {
      const c = text[i] as string;
      let literal: string | undefined;
      let width = 1;
      if (c === '\\' && /[.\-_]/.test(text[i + 1] ?? '')) {
        literal = text[i + 1];
        width = 2;
      } else if (LITERAL.test(c)) literal = c;
      if (literal === undefined || QUANTIFIER.test(text[i + width] ?? '')) break;
      prefix += literal;
      i += width;
    }
    return { prefix, rest: text.slice(i) };
  });
}

/**
 * True when every topic the regex can match is matched by one of `patterns` (the caller's full-match
 * patterns): an alternative that is a plain name must be allowed by name; any other needs a pattern
 * alternative `L.*` with L a prefix of the literal text its matches start with (`pub-.*` covers
 * `pub-orders-.*` and `pub-(a|b)`, not `pub.*` nor `.*-pub`). Anything the check cannot prove is refused.
 */
export function regexCovered(
  regex: string,
  patterns: readonly string[],
  allow: (name: string) => boolean,
): boolean {
  const wanted = alternatives(regex);
  if (!wanted) return false;
  const open = patterns.flatMap((p) =>
    (alternatives(p) ?? []).filter((a) => a.rest === '.*').map((a) => a.prefix),
  );
  return wanted.every((alt) =>
    alt.rest === '' ? allow(alt.prefix) : open.some((prefix) => alt.prefix.startsWith(prefix)),
  );
}

type Caller = { identity: Identity | null; permissions: AccessRights };

/**
 * Refuses (403, or 401 for anonymous callers) a connector config the caller may not run: its class
 * outside `security.connectorClasses` for the caller's roles, or a topic it reads or writes outside the
 * caller's TOPIC_DATA READ / CREATE patterns. Nothing is checked with security disabled.
 */
export function authorizeConnector(
  caller: Caller,
  request: { action: 'CREATE' | 'UPDATE'; cluster: string; name: string; pluginType: string | undefined },
  configs: Readonly<Record<string, string>>,
  classes: Readonly<Record<string, readonly string[]>>,
): void {
  const { permissions } = caller;
  if (!permissions.enforced) return;
  const { action, cluster, name } = request;
  const className = configs['connector.class'] ?? '';
  if (!permissions.allowsConnectorClass(action, cluster, name, className, classes)) {
    throw refusal(caller.identity, `connector class '${className}' and action ${action}`);
  }
  for (const use of topicUses(configs, request.pluginType)) {
    const allow = permissions.allow('TOPIC_DATA', use.action, cluster);
    if (use.kind === 'name' && !allow(use.name)) {
      throw refusal(
        caller.identity,
        `resource TOPIC_DATA '${use.name}' and action ${use.action} (connector config '${use.key}')`,
      );
    }
    if (use.kind === 'regex') {
      const patterns = permissions.patterns('TOPIC_DATA', use.action, cluster);
      if (!regexCovered(use.regex, patterns, allow)) {
        throw refusal(
          caller.identity,
          `resource TOPIC_DATA and action ${use.action}: connector config '${use.key}' may match topics outside your patterns (checked: literal names and literal.* prefixes, see docs/connector-permissions.md)`,
        );
      }
    }
  }
}

/**
 * Whether the caller may read every topic a connector's config names (TOPIC_DATA READ): task failure
 * traces quote records, so only such callers see them.
 */
export function mayReadConnectorTopics(
  permissions: AccessRights,
  cluster: string,
  definition: Pick<ConnectDefinition, 'configs' | 'type'>,
): boolean {
  if (!permissions.enforced) return true;
  const allow = permissions.allow('TOPIC_DATA', 'READ', cluster);
  const patterns = permissions.patterns('TOPIC_DATA', 'READ', cluster);
  return topicUses(definition.configs, definition.type.toLowerCase()).every((use) =>
    use.kind === 'name' ? allow(use.name) : regexCovered(use.regex, patterns, allow),
  );
}

/**
 * The definition without task traces unless the caller may read the connector's topics, and is not
 * `masked` (security.masking masks records for the caller on the cluster: traces would quote them clear).
 */
export function withVisibleTraces(
  permissions: AccessRights,
  cluster: string,
  definition: ConnectDefinition,
  masked: boolean,
): ConnectDefinition {
  if (!masked && mayReadConnectorTopics(permissions, cluster, definition)) return definition;
  return { ...definition, tasks: definition.tasks?.map(({ trace: _trace, ...task }) => task) };
}
