import { z } from 'zod';
import { caseInsensitiveEnum } from '../common/enums.ts';
import { pagedList } from '../common/lists.ts';
import { onFirstUse } from '../common/on-first-use.ts';
import { lenientInt } from '../common/query.ts';

const MECHANISMS = ['SCRAM-SHA-256', 'SCRAM-SHA-512'] as const;
export const ScramMechanism = z.enum(MECHANISMS);
export type ScramMechanism = z.infer<typeof ScramMechanism>;

/** The bounds the Kafka controller enforces on iterations (ScramControlManager: 4096 to 16384). */
export const SCRAM_MIN_ITERATIONS = 4096;
export const SCRAM_MAX_ITERATIONS = 16384;

/** One SCRAM credential of a user: only its mechanism and iteration count ever leave the broker. */
export const ScramCredential = onFirstUse(() =>
  z.object({ mechanism: ScramMechanism, iterations: z.number().int() }).meta({ id: 'ScramCredential' }),
);
export type ScramCredential = z.infer<typeof ScramCredential>;

export const ScramUser = onFirstUse(() =>
  z
    .object({
      user: z.string(),
      credentials: z.array(ScramCredential).meta({ description: 'One per mechanism, by mechanism' }),
    })
    .meta({ id: 'ScramUser', description: 'A user with SCRAM credentials (DescribeUserScramCredentials)' }),
);
export type ScramUser = z.infer<typeof ScramUser>;

/** `GET /api/{cluster}/scram-users`: a page of users by name, as the other paged lists. */
export const ScramUserListQuery = onFirstUse(() =>
  z.object({
    search: z
      .string()
      .max(255)
      .optional()
      .meta({ description: 'Space-separated terms; every one must be in the user name' }),
    page: lenientInt.meta({ description: '1-based page number' }),
  }),
);
export type ScramUserListQuery = z.infer<typeof ScramUserListQuery>;
export const ScramUserList = onFirstUse(() => pagedList(ScramUser).meta({ id: 'ScramUserList' }));
export type ScramUserList = z.infer<typeof ScramUserList>;

/**
 * `POST /api/{cluster}/scram-users`: creates the user's credential for `mechanism`, or replaces it. The
 * password is salted and hashed by the console (RFC 5802 Hi()); it is never stored, answered or logged.
 */
export const ScramUserUpsert = onFirstUse(() =>
  z
    .object({
      user: z.string().min(1).max(255),
      mechanism: caseInsensitiveEnum(MECHANISMS),
      iterations: z.coerce
        .number()
        .int()
        .min(SCRAM_MIN_ITERATIONS)
        .max(SCRAM_MAX_ITERATIONS)
        .default(SCRAM_MIN_ITERATIONS)
        .meta({ description: `${SCRAM_MIN_ITERATIONS} to ${SCRAM_MAX_ITERATIONS}, the broker's bounds` }),
      password: z.string().min(1).max(1024).meta({ description: 'Write-only: never answered or logged' }),
    })
    .meta({ id: 'ScramUserUpsert' }),
);
export type ScramUserUpsert = z.infer<typeof ScramUserUpsert>;

export const ScramUserParams = onFirstUse(() =>
  z.object({
    cluster: z.string().min(1),
    user: z.string().min(1).max(255).meta({ description: 'The user name, URL-encoded' }),
  }),
);

/** `DELETE /api/{cluster}/scram-users/{user}`: one mechanism's credential, or every one the user has. */
export const ScramUserDeleteQuery = onFirstUse(() =>
  z.object({
    mechanism: caseInsensitiveEnum(MECHANISMS)
      .optional()
      .meta({ description: 'The credential to delete; absent: every credential of the user' }),
  }),
);
export type ScramUserDeleteQuery = z.infer<typeof ScramUserDeleteQuery>;
