/**
 * The libraries of the ways to log in, each loaded the first time a login needs it rather than at start:
 * a console pays in memory only for the ones it is configured with (LDAP, OIDC and OAuth2 sign-in, OIDC
 * access tokens, bcrypt password hashes). Loaded at start, they, the session tokens' library (install.ts)
 * and csv-parse made an idle console 3.8 MiB larger once started (77.6 MiB against 73.8) for requests a
 * console without them never answers (tests/bench/results/search.md). In the production bundle each is a
 * chunk of its own (packages/server/build.ts), loaded on first use.
 */
export const ldapts = () => import('ldapts');
export const openidClient = () => import('openid-client');
export const jose = () => import('jose');
export const bcryptjs = async () => (await import('bcryptjs')).default;
