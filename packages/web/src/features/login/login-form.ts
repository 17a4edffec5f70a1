import { z } from 'zod';

/** The login form: username and password required. */
export const LoginForm = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});

export const wrongCredentials = 'Wrong Username or Password!';
export const noRoles = 'User logged in but no roles assigned';

/** The message a failed login shows: the server's own for too many attempts, else `wrongCredentials`. */
export function loginFailure(status: number | undefined, message: string | undefined): string {
  return status === 429 && message ? message : wrongCredentials;
}

/**
 * Where to go after logging in: the remembered return-to location (a router path), unless it is the
 * login page itself or not a path of this console.
 */
export function afterLogin(returnTo: string | null): string {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//') || /^\/login(?:[/?#]|$)/.test(returnTo)) {
    return '/';
  }
  return returnTo;
}
