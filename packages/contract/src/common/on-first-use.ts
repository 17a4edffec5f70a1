import { z } from 'zod';

/** What builds each schema onFirstUse has deferred and not built yet. */
const deferred: Array<() => unknown> = [];

/**
 * A schema built the first time something parses with it or documents it, not when the module loads.
 * Loading the whole contract built about 1,900 zod schemas, a sixth of the server's start, and
 * its first request needs a few dozen. It parses and documents as the schema `build` returns, through
 * zod's lazy schema; `build` runs once (zod itself calls a lazy schema's getter more than once, and a
 * second schema with the same `id` would break the OpenAPI document). The contract's object, array and
 * union schemas are made this way; its enums and the route parameters others `.extend` are built at load.
 */
export function onFirstUse<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  let built: T | undefined;
  const get = () => {
    built ??= build();
    return built;
  };
  deferred.push(get);
  return z.lazy(get);
}

/**
 * Builds every schema onFirstUse still defers. The OpenAPI document names a schema that has an `id` as a
 * component, from zod's registry of them, which holds a schema once it is built: the document builds them
 * all first, so it comes out as when the contract built everything at load.
 */
export function buildDeferredSchemas(): void {
  for (const get of deferred.splice(0)) get();
}
