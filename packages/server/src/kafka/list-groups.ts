import {
  type Admin,
  type API,
  type ConsumerGroupStateValue,
  createAPI,
  listGroupsV4,
  listGroupsV5,
  type Reader,
  ResponseError,
} from '@platformatic/kafka';
import { readMetadata } from './metadata.ts';
import { send } from './protocol.ts';

/** One group as ListGroups names it: state and type as the broker spells them (`Stable`, `consumer`). */
export type ListedGroup = { id: string; protocolType: string; state: string; type: string | undefined };
export type GroupFilters = { states?: readonly string[]; types?: readonly string[] };

const LIST_GROUPS = 16;
const OLDEST = 4;
/** COORDINATOR_LOAD_IN_PROGRESS and COORDINATOR_NOT_AVAILABLE: a broker still loading its groups. */
const RETRIABLE = new Set([14, 15]);
const TRIES = 5;

type Answer = { errorCode: number; groups: ListedGroup[] };
const apis = new Map<number, API<[string[], string[]], Answer>>();

/**
 * Every group of the cluster: one ListGroups per broker (a group is listed by its coordinator), each answer
 * read by our own reader. The library's reader made a Buffer and a string per field and a Map of objects
 * per listing: about 100 ms of CPU at 50,000 groups, most of the group list page's time
 * (tests/bench/results/scale-next.md); this one makes the strings straight from the answer's bytes.
 * `types` needs v5 (Kafka 3.8); older brokers list every classic group, whatever their protocol, and
 * answer no type (the caller reads them as classic). A broker that does not answer fails the listing, as
 * the library's did.
 */
export async function listGroups(admin: Admin, filters: GroupFilters = {}): Promise<ListedGroup[]> {
  const { brokers } = await readMetadata(admin, []);
  const answers = await Promise.all([...brokers.values()].map((broker) => listOn(admin, broker, filters)));
  const seen = new Set<string>();
  const groups: ListedGroup[] = [];
  for (const answer of answers) {
    for (const group of answer) {
      if (seen.has(group.id)) continue;
      seen.add(group.id);
      groups.push(group);
    }
  }
  return groups;
}

async function listOn(admin: Admin, broker: { host: string; port: number }, filters: GroupFilters) {
  for (let attempt = 1; ; attempt++) {
    let version = OLDEST;
    const answer = await send<[string[], string[]], Answer>(
      admin,
      broker,
      'ListGroups',
      (v) => {
        version = v;
        return [[...(filters.states ?? [])], [...(filters.types ?? [])]];
      },
      { api: listGroupsApi },
    );
    if (answer.errorCode === 0) return answer.groups;
    if (!RETRIABLE.has(answer.errorCode) || attempt >= TRIES)
      throw new ResponseError(LIST_GROUPS, version, { '/': [answer.errorCode, null] }, answer);
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}

function listGroupsApi(version: number): API<[string[], string[]], Answer> {
  if (version < OLDEST)
    throw new Error(`the broker answers ListGroups up to v${version}; v${OLDEST} is needed`);
  const known = Math.min(version, 5);
  let api = apis.get(known);
  if (!api) {
    const writer = known === 4 ? listGroupsV4 : listGroupsV5;
    api = createAPI(
      LIST_GROUPS,
      known,
      (states: string[], types: string[]) => writer.createRequest(states as ConsumerGroupStateValue[], types),
      parseAnswer,
    );
    apis.set(known, api);
  }
  return api;
}

/** ListGroups v4 and v5 (flexible: compact strings and arrays, tagged fields); v5 adds the group type. */
function parseAnswer(_correlationId: number, _apiKey: number, version: number, reader: Reader): Answer {
  reader.readInt32(); // throttle_time_ms
  const errorCode = reader.readInt16();
  // The rest as one Buffer, read with plain offsets: no Buffer per field.
  const rest = reader.buffer.slice(reader.position, reader.buffer.length);
  const at = { i: 0 };
  const count = uvarint(rest, at) - 1;
  const groups: ListedGroup[] = [];
  for (let g = 0; g < count; g++) {
    const id = compactString(rest, at);
    const protocolType = compactString(rest, at);
    const state = compactString(rest, at);
    const type = version >= 5 ? compactString(rest, at) : undefined;
    skipTagged(rest, at);
    groups.push({ id, protocolType, state, type: type || undefined });
  }
  return { errorCode, groups };
}

function uvarint(buffer: Buffer, at: { i: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = buffer[at.i++] ?? 0;
    value += (byte & 0x7f) * scale;
    if (!(byte & 0x80)) return value;
    scale *= 128;
  }
}

/** COMPACT_STRING: length + 1 (0 is null, read as ''), then UTF-8. */
function compactString(buffer: Buffer, at: { i: number }): string {
  const length = uvarint(buffer, at) - 1;
  if (length <= 0) return '';
  const text = buffer.toString('utf8', at.i, at.i + length);
  at.i += length;
  return text;
}

function skipTagged(buffer: Buffer, at: { i: number }): void {
  const count = uvarint(buffer, at);
  for (let t = 0; t < count; t++) {
    uvarint(buffer, at);
    at.i += uvarint(buffer, at);
  }
}
