const enc = encodeURIComponent;

/** Router paths of the SCRAM users screen; `user` opens it searched for that name (the ACL pages link it). */
export const scramUserPaths = {
  list: (cluster: string, user?: string) =>
    `/${enc(cluster)}/scram-users${user ? `?search=${enc(user)}` : ''}`,
};

/** The SCRAM user an ACL principal names, when it is a `User:` principal. */
export const scramUserOf = (principal: string): string | undefined =>
  principal.startsWith('User:') && principal.length > 5 ? principal.slice(5) : undefined;
