import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecurityConfig } from '../../../platform/config/security.ts';
import { bcryptjs } from './libraries.ts';

type User = SecurityConfig['users'][number];

/** What a hash costs to check: SHA-256, or bcrypt at its cost factor. */
type Kind = 'SHA256' | number;

const kindOf = (user: User): Kind => (user.kind === 'SHA256' ? 'SHA256' : bcryptCost(user.hash));
const bcryptCost = (hash: string) => Number(/^\$2[aby]\$(\d{2})\$/.exec(hash)?.[1] ?? 10);

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A well-formed bcrypt hash of nothing anyone knows: checking it costs what a real one of `cost` does. */
function decoyBcrypt(cost: number): string {
  const chars = [...randomBytes(53)].map((b) => BCRYPT_ALPHABET[b % 64]).join('');
  return `$2b$${String(cost).padStart(2, '0')}$${chars}`;
}

async function matches(kind: Kind, hash: string, password: string): Promise<boolean> {
  if (kind !== 'SHA256') return (await bcryptjs()).compare(password, hash);
  const given = createHash('sha256').update(password, 'utf8').digest();
  return timingSafeEqual(given, Buffer.from(hash, 'hex'));
}

/**
 * Checks passwords so that an unknown user, a wrong password and a right one cost the same, whatever
 * kind and cost each stored hash has: every attempt checks one hash of each kind the configured users
 * have, the user's own for its kind and a decoy of the same kind and cost for the others. Decoys are
 * made at the first login (not at start: a cold start with security off pays nothing) and cost no
 * hashing to make.
 */
export class PasswordChecker {
  private readonly users: readonly User[];
  private decoys: Map<Kind, string> | undefined;

  constructor(users: readonly User[]) {
    this.users = users;
  }

  private decoyHashes(): Map<Kind, string> {
    this.decoys ??= new Map(
      [...new Set(this.users.map(kindOf))].map((kind) => [
        kind,
        kind === 'SHA256' ? randomBytes(32).toString('hex') : decoyBcrypt(kind),
      ]),
    );
    return this.decoys;
  }

  /** The configured user with this name and password, or undefined. */
  async check(username: string, password: string): Promise<User | undefined> {
    const user = this.users.find((u) => u.username === username);
    const own = user && kindOf(user);
    let matched = false;
    for (const [kind, decoy] of this.decoyHashes()) {
      const ok = await matches(kind, kind === own && user ? user.hash : decoy, password);
      if (kind === own) matched = ok;
    }
    return matched ? user : undefined;
  }
}
