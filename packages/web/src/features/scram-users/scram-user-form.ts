import {
  SCRAM_MAX_ITERATIONS,
  SCRAM_MIN_ITERATIONS,
  ScramMechanism,
  type ScramUserUpsert,
} from '@console/contract';
import { z } from 'zod';

/** The form as typed: every field text; the two passwords must agree (docs/behaviour.md#forms). */
export const ScramUserForm = z
  .object({
    user: z.string().trim().min(1, 'required').max(255, '255 characters at most'),
    mechanism: ScramMechanism,
    iterations: z
      .string()
      .regex(/^\d+$/, 'a whole number')
      .refine(
        (v) => Number(v) >= SCRAM_MIN_ITERATIONS && Number(v) <= SCRAM_MAX_ITERATIONS,
        `from ${SCRAM_MIN_ITERATIONS} to ${SCRAM_MAX_ITERATIONS}`,
      ),
    password: z.string().min(1, 'required').max(1024, '1024 characters at most'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'does not match the password' });
export type ScramUserValues = z.input<typeof ScramUserForm>;

/** A new credential, or `user`'s with its mechanism and iterations; passwords always start empty. */
export const initialScramUserValues = (
  seed: { user?: string; mechanism?: ScramMechanism; iterations?: number } = {},
): ScramUserValues => ({
  user: seed.user ?? '',
  mechanism: seed.mechanism ?? 'SCRAM-SHA-512',
  iterations: String(seed.iterations ?? SCRAM_MIN_ITERATIONS),
  password: '',
  confirm: '',
});

export const toScramUserUpsert = (values: z.output<typeof ScramUserForm>): ScramUserUpsert => ({
  user: values.user,
  mechanism: values.mechanism,
  iterations: Number(values.iterations),
  password: values.password,
});
