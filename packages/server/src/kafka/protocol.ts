import { channel } from 'node:diagnostics_channel';
import {
  type Admin,
  type API,
  type Broker,
  type Connection,
  kGetApi,
  kGetBootstrapConnection,
  kGetConnection,
} from '@platformatic/kafka';

/** What `send` publishes on `requestsChannel` for every request it builds. */
export type BuiltRequest = { api: string; version: number; args: unknown[] };
/** Every request the console builds, for tests that check how big a request may get. */
export const requestsChannel = channel('console:kafka:requests');

/** The version of `apiName` both the client and the cluster implement (the highest). */
export const agreedVersion = async (admin: Admin, apiName: string): Promise<number> =>
  (
    await new Promise<API<unknown[], unknown>>((resolve, reject) =>
      admin[kGetApi](apiName, (error, found) => (found ? resolve(found) : reject(error))),
    )
  ).version;

/** Where a request goes: a given broker, or any reachable one (bootstrap list first). */
export type Target = Broker | 'any';

type Options<Args extends unknown[], Response> = {
  /**
   * Keep a response that carries per-topic or per-partition error codes instead of failing the whole call:
   * the caller reads the codes. A listing must survive one partition without a leader.
   */
  partial?: boolean;
  /** Our own reader of the answer, given the version the broker and the library agreed on. */
  api?: (version: number) => API<Args, Response>;
};

/**
 * Sends one request of a Kafka API, at the highest version both sides implement, over the admin client's
 * pooled connections. The admin methods of the client each add a metadata round trip, skip internal
 * topics, or decode group metadata of any protocol as a consumer's (and throw); the list and describe
 * paths need neither, so they build their requests from one metadata answer with this.
 */
export async function send<Args extends unknown[], Response>(
  admin: Admin,
  target: Target,
  apiName: string,
  args: (version: number) => Args,
  options: Options<Args, Response> = {},
): Promise<Response> {
  const agreed = await new Promise<API<Args, Response>>((resolve, reject) =>
    admin[kGetApi]<Args, Response>(apiName, (error, found) => (found ? resolve(found) : reject(error))),
  );
  const api = options.api ? options.api(agreed.version) : agreed;
  const connection = await new Promise<Connection>((resolve, reject) => {
    const done = (error: Error | null, found?: Connection) => (found ? resolve(found) : reject(error));
    if (target === 'any') admin[kGetBootstrapConnection](done);
    else admin[kGetConnection](target, done);
  });
  const built = args(api.version);
  if (requestsChannel.hasSubscribers) {
    requestsChannel.publish({ api: apiName, version: api.version, args: built } satisfies BuiltRequest);
  }
  try {
    return await api.async(connection, ...built);
  } catch (error) {
    const partial = (error as { code?: string; response?: Response }).response;
    if (options.partial && (error as { code?: string }).code === 'PLT_KFK_RESPONSE' && partial)
      return partial;
    throw error;
  }
}

/**
 * Sends a request of an API the client library does not implement (the share group APIs of KIP-932),
 * with our own reader and writer at a version the caller chose from the broker's ApiVersions answer.
 */
export async function sendOwn<Args extends unknown[], Response>(
  admin: Admin,
  target: Target,
  api: API<Args, Response>,
  args: Args,
): Promise<Response> {
  const connection = await new Promise<Connection>((resolve, reject) => {
    const done = (error: Error | null, found?: Connection) => (found ? resolve(found) : reject(error));
    if (target === 'any') admin[kGetBootstrapConnection](done);
    else admin[kGetConnection](target, done);
  });
  return api.async(connection, ...args);
}
