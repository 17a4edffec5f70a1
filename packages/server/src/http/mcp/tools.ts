import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConfig } from '../../platform/config/mcp.ts';
import type { OperationDoc, RouteDeclaration } from '../route-declaration.ts';
import { type ArgumentPlaces, toolInput } from './tool-input.ts';

/** How a tool answers for a route that streams server-sent events (docs/mcp.md#streams). */
export type StreamKind = 'until-end' | 'timed' | 'run';

/** The most seconds a timed stream (the live tail) is followed by one tool call. */
export const TAIL_MAX_SECONDS = 30;
/** Matches a search tool call collects by default, and at most. */
export const SEARCH_LIMIT = { default: 100, max: 1000 };
/** Records a tail tool call keeps (the newest) unless the call's `size` says otherwise. */
export const TAIL_KEEP_DEFAULT = 100;

const RUN_NOTE =
  'Answers when the run ends (`moveEnd`): records sent per target topic and the `after` cursor that resumes it; ' +
  'a failure names the cursor too. `dryRun: true` answers the counts per target and writes nothing: call it first.';

/**
 * Every event-stream operation says how its tool answers: a stream with an end event is collected to
 * that end; one that follows new records forever for the seconds the call asks. A new stream route fails
 * the tool list (and so the start with `mcp.enabled`) until it is added here.
 */
const STREAMS: Record<string, { kind: StreamKind; extra: Record<string, unknown>; note: string }> = {
  searchTopicData: {
    kind: 'until-end',
    extra: {
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: SEARCH_LIMIT.max,
        default: SEARCH_LIMIT.default,
        description:
          'Stop once this many matches are collected (at the end of a batch); `after` in the answer continues',
      },
    },
    note: 'Answers the matches collected until the search ends (`searchEnd`), within the scan budgets, or until `limit`.',
  },
  redriveTopicData: {
    kind: 'run',
    extra: {},
    note: RUN_NOTE,
  },
  replayTopicData: {
    kind: 'run',
    extra: {},
    note: RUN_NOTE,
  },
  tailTopics: {
    kind: 'timed',
    extra: {
      seconds: {
        type: 'integer',
        minimum: 1,
        maximum: TAIL_MAX_SECONDS,
        default: 5,
        description: 'How long to follow the topics before answering',
      },
    },
    note: `Follows the topics for \`seconds\` (at most ${TAIL_MAX_SECONDS}), then answers the newest \`size\` (default ${TAIL_KEEP_DEFAULT}) new records and the \`offsets\` to resume from.`,
  },
};

export type ToolDecision = Exclude<OperationDoc['tool'], { none: string }>;

/** One MCP tool: what `tools/list` shows, and the route a call runs. */
export type ConsoleTool = {
  definition: Tool;
  decision: ToolDecision;
  route: RouteDeclaration;
  places: ArgumentPlaces;
  stream?: StreamKind;
};

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/** The tool of one route, or undefined when its operation is not a tool. */
export function toolOf(route: RouteDeclaration): ConsoleTool | undefined {
  const operation = route.operation;
  if (!operation || typeof operation.tool === 'object') return undefined;
  const decision = operation.tool;
  const isStream = operation.media?.includes('text/event-stream') === true;
  const stream = STREAMS[operation.operationId];
  if (isStream && !stream) {
    throw new Error(`${route.key} streams events: say how its MCP tool answers (http/mcp/tools.ts STREAMS)`);
  }
  const { schema, places } = toolInput(route, stream?.extra);
  return {
    definition: {
      name: operation.operationId,
      title: operation.summary,
      description: stream ? `${operation.summary}. ${stream.note}` : operation.summary,
      inputSchema: schema as Tool['inputSchema'],
      annotations: {
        title: operation.summary,
        readOnlyHint: decision === 'read',
        destructiveHint: decision === 'destructive',
        idempotentHint: IDEMPOTENT.has(route.method),
      },
    },
    decision,
    route,
    places,
    ...(stream ? { stream: stream.kind } : {}),
  };
}

/**
 * The tools of the declared routes (docs/mcp.md#tools): one per operation whose decision is not `none`,
 * named by its operationId; the write and destructive ones only with `mcp.allowWrites`.
 */
export function consoleTools(routes: readonly RouteDeclaration[], mcp: McpConfig): ConsoleTool[] {
  return routes
    .map(toolOf)
    .filter((tool): tool is ConsoleTool => tool !== undefined)
    .filter((tool) => tool.decision === 'read' || mcp.allowWrites);
}
