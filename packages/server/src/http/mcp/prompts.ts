import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** The steps of a lag diagnosis, each naming the tool it needs; a step whose tool is not served is left out. */
function lagSteps(cluster: string, group: string, has: (tool: string) => boolean): string[] {
  const at = `cluster "${cluster}"`;
  const steps = [
    has('getGroup') &&
      `Call getGroup {cluster: "${cluster}", group: "${group}"}: the group's state (STABLE, EMPTY, rebalancing, DEAD), members and assignments.`,
    has('listGroupOffsets') &&
      `Call listGroupOffsets {cluster: "${cluster}", group: "${group}"}: per partition the committed offset, the end offset and offsetLag. Find the partitions with the most lag, and partitions assigned but never committed.`,
    has('getGroupLagHistory') &&
      `Call getGroupLagHistory {cluster: "${cluster}", group: "${group}"}: is the lag growing, steady or shrinking, and since when?`,
    has('getGroupLagTime') &&
      `Call getGroupLagTime {cluster: "${cluster}", group: "${group}"}: how far behind in time each partition is (lagMs), the group's maxLagMs, and timeToClearMs (null while the lag is not shrinking).`,
    has('getTopicRate') &&
      `For each topic with lag, call getTopicRate {cluster: "${cluster}", topic: <topic>}: the rate records arrive at, to compare with how fast the group consumes.`,
  ];
  return [
    ...steps.filter((s): s is string => typeof s === 'string'),
    `Conclude for group "${group}" on ${at}: where the lag is (which topics and partitions), whether the consumers are down, too slow for the incoming rate, stuck on some partitions (lag on a few partitions only, or an unassigned partition), or rebalancing; and what to do. Change nothing: only read.`,
  ];
}

/**
 * The prompt "diagnose consumer lag for group G" (docs/mcp.md#prompts): it has the agent chain the group
 * and lag tools, naming only those the console serves (`has`).
 */
export function registerPrompts(server: McpServer, has: (tool: string) => boolean): void {
  server.registerPrompt(
    'diagnose-consumer-lag',
    {
      title: 'Diagnose consumer lag',
      description:
        'Why is consumer group G behind? Chains the group, offsets, lag history and topic rate tools',
      argsSchema: {
        cluster: z.string().min(1).describe('The cluster id (listClusters)'),
        group: z.string().min(1).describe('The consumer group id'),
      },
    },
    ({ cluster, group }) => ({
      description: `Diagnose the consumer lag of group ${group} on cluster ${cluster}`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Diagnose the consumer lag of consumer group "${group}" on Kafka cluster "${cluster}", with the Kafka console's tools, in this order:`,
              ...lagSteps(cluster, group, has).map((step, i) => `${i + 1}. ${step}`),
            ].join('\n'),
          },
        },
      ],
    }),
  );
}
