import type { CompatibilityLevel, SchemaReference, SchemaType } from '@console/contract';
import type { Upstream, UpstreamCall, UpstreamHttp } from '../upstream-http.ts';
import { translateRegistryError } from './errors.ts';

/** A subject version as the Confluent API answers it; `schemaType` is absent for Avro. */
export type RegistrySchema = {
  subject: string;
  version: number;
  id: number;
  schema: string;
  schemaType?: SchemaType;
  references?: SchemaReference[];
};

export type SchemaPayload = {
  schema: string;
  schemaType: SchemaType;
  references?: SchemaReference[] | undefined;
};

const CONTENT_TYPE = 'application/vnd.schemaregistry.v1+json';
const ACCEPT = `${CONTENT_TYPE}, application/json`;

/** The Confluent Schema Registry REST API (also Apicurio's `/apis/ccompat/v7`), one method per call. */
export class RegistryClient {
  readonly #http: UpstreamHttp;
  readonly upstream: Upstream;

  constructor(http: UpstreamHttp, upstream: Upstream) {
    this.#http = http;
    this.upstream = upstream;
  }

  subjects = () => this.#json<string[]>('/subjects');

  versions = (subject: string) => this.#json<number[]>(`${path(subject)}/versions`);

  version = (subject: string, version: number | 'latest') =>
    this.#json<RegistrySchema>(`${path(subject)}/versions/${version}`);

  register = (subject: string, payload: SchemaPayload) =>
    this.#json<{ id: number }>(`${path(subject)}/versions`, { method: 'POST', body: body(payload) });

  /** The version of `subject` holding exactly this schema. */
  lookup = (subject: string, payload: SchemaPayload) =>
    this.#json<RegistrySchema>(path(subject), { method: 'POST', body: body(payload) });

  /** The registry's compatibility check against the latest version (`verbose` for its reasons). */
  testCompatibility = (subject: string, payload: SchemaPayload) =>
    this.#json<{ is_compatible: boolean; messages?: string[] }>(
      `/compatibility${path(subject)}/versions/latest?verbose=true`,
      { method: 'POST', body: body(payload) },
    );

  deleteSubject = (subject: string) => this.#json<number[]>(path(subject), { method: 'DELETE' });

  deleteVersion = (subject: string, version: number | 'latest') =>
    this.#json<number>(`${path(subject)}/versions/${version}`, { method: 'DELETE' });

  /** Every subject-version registered with this schema id. */
  idVersions = (id: number) =>
    this.#json<{ subject: string; version: number }[]>(`/schemas/ids/${id}/versions`);

  globalCompatibility = async (): Promise<CompatibilityLevel> =>
    (await this.#json<{ compatibilityLevel: CompatibilityLevel }>('/config')).compatibilityLevel;

  /** The subject's level, else the global one (`defaultToGlobal` is Confluent 7+; older ones answer 40408). */
  compatibility = async (subject: string): Promise<CompatibilityLevel> => {
    try {
      const answer = await this.#json<{ compatibilityLevel?: CompatibilityLevel }>(
        `/config/${encodeURIComponent(subject)}?defaultToGlobal=true`,
      );
      return answer.compatibilityLevel ?? (await this.globalCompatibility());
    } catch (error) {
      if ((error as { code?: string }).code === 'NOT_FOUND') return this.globalCompatibility();
      throw error;
    }
  };

  setCompatibility = (subject: string, level: CompatibilityLevel) =>
    this.#json<{ compatibility: CompatibilityLevel }>(`/config/${encodeURIComponent(subject)}`, {
      method: 'PUT',
      body: { compatibility: level },
    });

  async #json<T>(url: string, options: UpstreamCall = {}): Promise<T> {
    const answer = await this.#http.call(this.upstream, url, {
      ...options,
      accept: ACCEPT,
      contentType: CONTENT_TYPE,
    });
    if (answer.status >= 400) throw translateRegistryError(this.upstream, answer);
    return answer.body as T;
  }
}

const path = (subject: string) => `/subjects/${encodeURIComponent(subject)}`;

/** Avro is the registry's default and older registries reject an explicit `schemaType` for it. */
const body = ({ schema, schemaType, references }: SchemaPayload) => ({
  schema,
  ...(schemaType === 'AVRO' ? {} : { schemaType }),
  ...(references?.length ? { references } : {}),
});
