import { z } from 'zod';
import { ErrorCode } from '../common/errors.ts';
import { onFirstUse } from '../common/on-first-use.ts';

export const ClusterReadiness = onFirstUse(() =>
  z.object({
    id: z.string(),
    ready: z.boolean(),
    message: z.string().optional(),
    code: ErrorCode.optional().meta({
      description: 'Why the cluster is not ready, as an error answer names it',
    }),
  }),
);

/**
 * `GET /ready`: 200 when every configured cluster answers, 503 otherwise. `clusters` only for
 * authenticated callers (or all with `ops.publicDetails`, or security disabled).
 */
export const Readiness = onFirstUse(() =>
  z
    .object({
      ready: z.boolean(),
      clusters: z
        .array(ClusterReadiness)
        .optional()
        .meta({ description: 'Each cluster and its error; absent for anonymous callers with security on' }),
    })
    .meta({ id: 'Readiness' }),
);
export type Readiness = z.infer<typeof Readiness>;

export const Health = onFirstUse(() => z.object({ status: z.literal('ok') }));
