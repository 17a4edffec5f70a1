/** What the browser carries between the redirect to the provider and the callback (in a signed cookie). */
export type PendingLogin = {
  provider: string;
  state: string;
  /** OIDC only: the ID token must carry it back. */
  nonce?: string;
  verifier: string;
  returnTo?: string;
};

export type ExternalIdentity = { username: string; groups: string[]; providerGroups: string[] };

/** The sign-in providers of one kind (OIDC or plain OAuth2), behind `/oauth/login/{provider}`. */
export interface LoginProviders {
  list(): { key: string; label: string }[];
  has(key: string): boolean;
  /** The configured callback address, when the provider's registration needs a fixed one. */
  redirectUri(key: string): string | undefined;
  /** Where to send the browser, and what to remember until it comes back. */
  start(key: string, redirectUri: string, returnTo?: string): Promise<{ url: URL; pending: PendingLogin }>;
  /** Exchanges the code from the callback for the user's identity. */
  finish(key: string, callbackUrl: URL, pending: PendingLogin): Promise<ExternalIdentity>;
}

/** `a.b.c` in a claims or user-info object; absent when any step is missing. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => {
    return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }, claims);
}

/** A provider's groups: an array of names, or one string of names separated by spaces or commas. */
export function claimList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}
