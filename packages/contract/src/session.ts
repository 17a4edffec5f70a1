import { z } from 'zod';
import { Permission } from './permissions.ts';

export const AuthProvider = z.object({ key: z.string(), label: z.string() });

/** `GET /api/auths` (contract §3.1 item 5). */
export const Auths = z
  .object({
    loginEnabled: z.boolean(),
    formEnabled: z.boolean(),
    oidcAuths: z.array(AuthProvider).optional(),
    oauthAuths: z.array(AuthProvider).optional(),
    version: z.string(),
  })
  .meta({ id: 'Auths' });
export type Auths = z.infer<typeof Auths>;

/** `GET /api/me`; `roles` is omitted when empty because the UI tests it for truthiness (contract §1.4). */
export const Me = z
  .object({
    logged: z.boolean(),
    username: z.string().optional(),
    roles: z.array(Permission).optional(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
