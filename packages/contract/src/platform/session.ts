import { z } from 'zod';
import { onFirstUse } from '../common/on-first-use.ts';
import { Permission } from './permissions.ts';

export const AuthProvider = onFirstUse(() => z.object({ key: z.string(), label: z.string() }));

/** `GET /api/auths` (docs/api-conventions.md#sessions-and-login). */
export const Auths = onFirstUse(() =>
  z
    .object({
      loginEnabled: z.boolean(),
      formEnabled: z.boolean(),
      oidcAuths: z.array(AuthProvider).optional(),
      oauthAuths: z.array(AuthProvider).optional(),
      version: z.string(),
    })
    .meta({ id: 'Auths' }),
);
export type Auths = z.infer<typeof Auths>;

/**
 * `GET /api/me`; `roles` is omitted when empty because the UI tests it for truthiness
 * (docs/api-conventions.md#json-shapes).
 */
export const Me = onFirstUse(() =>
  z
    .object({
      logged: z.boolean(),
      username: z.string().optional(),
      roles: z.array(Permission).optional(),
    })
    .meta({ id: 'Me' }),
);
export type Me = z.infer<typeof Me>;

/** `POST {basePath}login`, as JSON or a form (docs/api-conventions.md#sessions-and-login). */
export const LoginRequest = onFirstUse(() =>
  z.object({ username: z.string().min(1), password: z.string().min(1) }).meta({ id: 'LoginRequest' }),
);
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The session cookie is set too; `access_token` serves scripts as `Authorization: Bearer`. */
export const LoginResponse = onFirstUse(() =>
  z
    .object({
      access_token: z.string(),
      token_type: z.literal('Bearer'),
      expires_in: z.number().int(),
      username: z.string(),
    })
    .meta({ id: 'LoginResponse' }),
);
export type LoginResponse = z.infer<typeof LoginResponse>;
