import { z } from 'zod';

export const ClusterReadiness = z.object({
  id: z.string(),
  ready: z.boolean(),
  message: z.string().optional(),
});

/** `GET /ready`: 200 when every configured cluster answers, 503 otherwise. */
export const Readiness = z
  .object({ ready: z.boolean(), clusters: z.array(ClusterReadiness) })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof Readiness>;

export const Health = z.object({ status: z.literal('ok') });
