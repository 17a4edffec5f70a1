import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { SecurityConfig } from '../config/security.ts';

type User = SecurityConfig['users'][number];

/** bcrypt, or SHA-256 hex as AKHQ configs carry it; both compared in constant time. */
export async function passwordMatches(user: User, password: string): Promise<boolean> {
  if (user.kind === 'BCRYPT') return bcrypt.compare(password, user.hash);
  const given = createHash('sha256').update(password, 'utf8').digest();
  return timingSafeEqual(given, Buffer.from(user.hash, 'hex'));
}

// Compared against when the username is unknown, so a wrong name costs as long as a wrong password.
const DECOY = bcrypt.hashSync('decoy', 10);

/** The configured user with this name and password, or undefined. */
export async function checkUser(
  users: readonly User[],
  username: string,
  password: string,
): Promise<User | undefined> {
  const user = users.find((u) => u.username === username);
  if (!user) {
    await bcrypt.compare(password, DECOY);
    return undefined;
  }
  return (await passwordMatches(user, password)) ? user : undefined;
}
