import { translateRegistryError } from '../../../upstreams/registry/errors.ts';
import type { Upstream, UpstreamHttp } from '../../../upstreams/upstream-http.ts';
import type { ParsedSchema, RegistrySchemaText } from './schema-parse.ts';

/**
 * The Avro, Protobuf and JSON Schema libraries load on the first schema a record needs: a server that
 * never meets one never loads them (its own chunk of the bundle, build.ts), and every start is shorter.
 */
async function parse(...args: Parameters<typeof import('./schema-parse.ts').parseSchema>) {
  const { parseSchema } = await import('./schema-parse.ts');
  return parseSchema(...args);
}

/** How long a schema that could not be read stays remembered as missing before it is asked for again. */
const RETRY_MISSING_MS = 30_000;
const MAX_CACHED = 10_000;

type Entry = { schema: ParsedSchema } | { error: string; at: number };

/**
 * The schemas of one cluster's registry, by id: each fetched once and parsed once, then served
 * synchronously while records decode. A failure is remembered for a while, so a topic of undecodable
 * records does not ask the registry once per record.
 */
export class SchemaCache {
  readonly #http: UpstreamHttp;
  readonly #upstream: Upstream;
  readonly #entries = new Map<number, Entry>();
  readonly #pending = new Map<number, Promise<void>>();

  constructor(http: UpstreamHttp, upstream: Upstream) {
    this.#http = http;
    this.#upstream = upstream;
  }

  /** The parsed schema, an error message when it could not be had, undefined when never loaded. */
  get(id: number): ParsedSchema | string | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    return 'schema' in entry ? entry.schema : entry.error;
  }

  /** Loads every id not known yet (or failed long enough ago), in parallel. */
  async load(ids: Iterable<number>): Promise<void> {
    const now = Date.now();
    const wanted = [...new Set(ids)].filter((id) => {
      const entry = this.#entries.get(id);
      return !entry || ('error' in entry && now - entry.at > RETRY_MISSING_MS);
    });
    await Promise.all(wanted.map((id) => this.#loadOne(id)));
  }

  /** The latest version of `subject`, parsed (for producing). Errors are the registry's, translated. */
  async latest(subject: string): Promise<ParsedSchema> {
    const answer = await this.#get<RegistrySchemaText & { id: number }>(
      `/subjects/${encodeURIComponent(subject)}/versions/latest`,
    );
    const known = this.get(answer.id);
    if (known && typeof known !== 'string') return known;
    const schema = await parse(answer.id, answer, (ref) => this.#reference(ref));
    this.#remember(answer.id, { schema });
    return schema;
  }

  #loadOne(id: number): Promise<void> {
    const running = this.#pending.get(id);
    if (running) return running;
    const task = (async () => {
      try {
        const answer = await this.#get<RegistrySchemaText>(`/schemas/ids/${id}`);
        this.#remember(id, { schema: await parse(id, answer, (ref) => this.#reference(ref)) });
      } catch (error) {
        this.#remember(id, { error: `Schema ${id}: ${(error as Error).message}`, at: Date.now() });
      } finally {
        this.#pending.delete(id);
      }
    })();
    this.#pending.set(id, task);
    return task;
  }

  #reference(ref: { subject: string; version: number }) {
    return this.#get<RegistrySchemaText>(
      `/subjects/${encodeURIComponent(ref.subject)}/versions/${ref.version}`,
    );
  }

  #remember(id: number, entry: Entry) {
    if (this.#entries.size >= MAX_CACHED) this.#entries.clear();
    this.#entries.set(id, entry);
  }

  async #get<T>(path: string): Promise<T> {
    const answer = await this.#http.call(this.#upstream, path, {
      accept: 'application/vnd.schemaregistry.v1+json, application/json',
    });
    if (answer.status >= 400) throw translateRegistryError(this.#upstream, answer);
    return answer.body as T;
  }
}
