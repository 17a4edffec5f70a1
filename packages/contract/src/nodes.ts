import { z } from 'zod';

export const Node = z.object({
  id: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  rack: z.string().optional(),
});
export type Node = z.infer<typeof Node>;

/** `GET /api/{cluster}/node`. */
export const NodeList = z
  .object({ nodes: z.array(Node), controller: z.number().int() })
  .meta({ id: 'NodeList' });
export type NodeList = z.infer<typeof NodeList>;
