import { z } from 'zod';

export const KafkaNode = z.object({
  id: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  rack: z.string().optional(),
});

/**
 * `GET /api/{cluster}/node`. AKHQ reports the controller as a Node, this server as its id; both are
 * read so the screen survives either. Move to @console/contract once it defines the shape.
 */
export const NodeList = z.object({
  nodes: z.array(KafkaNode),
  controller: z
    .union([z.number().int(), KafkaNode.pick({ id: true }).transform((node) => node.id)])
    .optional(),
});
export type NodeList = z.infer<typeof NodeList>;

export type NodeRow = { id: number; host: string; controller: boolean; rack: string };

export function toNodeRows(list: NodeList): NodeRow[] {
  return list.nodes
    .map((node) => ({
      id: node.id,
      host: `${node.host}:${node.port}`,
      controller: node.id === list.controller,
      rack: node.rack ?? '',
    }))
    .sort((a, b) => a.id - b.id);
}
