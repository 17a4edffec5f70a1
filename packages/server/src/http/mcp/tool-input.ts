import { type ZodType, z } from 'zod';
import type { RouteDeclaration } from '../route-declaration.ts';

type Json = Record<string, unknown>;

/** Where each tool argument goes in the route's request. */
export type ArgumentPlaces = { params: string[]; query: string[]; body: boolean; bodyRequired: boolean };

/** A tool's input: its JSON Schema and where each argument goes. */
export type ToolInput = { schema: Json; places: ArgumentPlaces };

/** The same conversion for every part: what a client may send (`input`), shared schemas inlined. */
function toJson(schema: ZodType): Json {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  delete json.$schema;
  return json;
}

/** An object part (params, query) itself, following a top-level `$ref` into its `$defs`. */
function objectPart(json: Json, defs: Json): { properties: Json; required: string[] } {
  const ref = typeof json.$ref === 'string' ? json.$ref.replace('#/$defs/', '') : undefined;
  const target = (ref ? defs[ref] : json) as Json | undefined;
  return {
    properties: (target?.properties as Json | undefined) ?? {},
    required: (target?.required as string[] | undefined) ?? [],
  };
}

/**
 * A tool's input schema from its route's own zod schemas (docs/mcp.md#tools): the path parameters and
 * the query parameters as top-level arguments, the JSON body as the argument `body`. The route still
 * validates every call itself; this tells the agent what to send.
 */
export function toolInput(route: RouteDeclaration, extra: Json = {}): ToolInput {
  const defs: Json = {};
  const parts = Object.fromEntries(
    Object.entries(route.input).map(([part, schema]) => {
      const json = toJson(schema);
      Object.assign(defs, json.$defs ?? {});
      delete json.$defs;
      return [part, json];
    }),
  ) as Partial<Record<'params' | 'querystring' | 'body', Json>>;
  const params = parts.params ? objectPart(parts.params, defs) : { properties: {}, required: [] };
  // Every path parameter is an argument, even on a route that declares no schema for it.
  for (const [, name = ''] of route.url.matchAll(/:(\w+)/g)) {
    params.properties[name] ??= { type: 'string', minLength: 1 };
    if (!params.required.includes(name)) params.required.push(name);
  }
  const query = parts.querystring ? objectPart(parts.querystring, defs) : { properties: {}, required: [] };
  const taken = new Set(Object.keys(params.properties));
  const clash = [
    ...Object.keys(query.properties),
    ...(parts.body ? ['body'] : []),
    ...Object.keys(extra),
  ].find((name) => taken.has(name) || !taken.add(name));
  if (clash) throw new Error(`${route.key}: two arguments are called '${clash}'`);
  const body = parts.body;
  const bodyRequired = body !== undefined && !admitsNull(body);
  const properties: Json = {
    ...params.properties,
    ...query.properties,
    ...(body ? { body: { ...body, description: body.description ?? 'The JSON body of the request' } } : {}),
    ...extra,
  };
  const required = [...params.required, ...query.required, ...(bodyRequired ? ['body'] : [])];
  const schema: Json = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
  const places: ArgumentPlaces = {
    params: Object.keys(params.properties),
    query: Object.keys(query.properties),
    body: body !== undefined,
    bodyRequired,
  };
  return { schema, places };
}

/** A body whose schema admits null is optional (AKHQ's `DELETE …/data` form), as the route treats it. */
const admitsNull = (json: Json) =>
  (json.anyOf as Json[] | undefined)?.some((s) => s.type === 'null') === true || json.type === 'null';
