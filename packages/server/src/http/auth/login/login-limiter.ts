import type { SecurityConfig } from '../../../platform/config/security.ts';
import { AppError } from '../../../platform/errors.ts';

type Window = { started: number; failures: number };

const SWEEP_ABOVE = 10_000;
const FIRST_DELAY_MS = 1_000;

/**
 * Failed logins within a fixed window, counted per client address, per username, and per username
 * from one address. Nobody can lock anyone else out:
 * - an address past `maxFailuresPerAddress` is refused (429), whatever name it tries;
 * - an address that failed `maxFailuresPerUser` times for one user is refused for that user;
 * - a user past `maxFailuresPerUser` (from anywhere) is only slowed down: every attempt for that name
 *   waits 1 s, doubling per further failure up to `maxDelaySeconds`, before its password is checked,
 *   so the owner's right password from an address that has not been failing still gets in.
 * Refusals happen before any password is checked, so a refused address cannot probe further.
 */
export class LoginLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly limits: SecurityConfig['loginRateLimit'];
  private readonly now: () => number;

  constructor(limits: SecurityConfig['loginRateLimit'], now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  private keys(username: string, address: string) {
    const user = username.toLowerCase();
    return { user: `user:${user}`, address: `addr:${address}`, pair: `pair:${address}:${user}` };
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.started >= this.limits.windowSeconds * 1000) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private refuse(key: string, who: string): never {
    const window = this.current(key) as Window;
    const wait = Math.ceil((window.started + this.limits.windowSeconds * 1000 - this.now()) / 1000);
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed logins ${who}; try again in ${Math.max(wait, 1)} seconds`,
    );
  }

  /**
   * Throws 429 when the address is over its limit, or has failed too often for this user; else
   * returns how many milliseconds to wait before checking the password (0 unless the user is over
   * its limit).
   */
  check(username: string, address: string): number {
    const keys = this.keys(username, address);
    const { maxFailuresPerAddress, maxFailuresPerUser, maxDelaySeconds } = this.limits;
    if ((this.current(keys.address)?.failures ?? 0) >= maxFailuresPerAddress) {
      this.refuse(keys.address, 'from this address');
    }
    if ((this.current(keys.pair)?.failures ?? 0) >= maxFailuresPerUser) {
      this.refuse(keys.pair, `for user '${username}' from this address`);
    }
    const over = (this.current(keys.user)?.failures ?? 0) - maxFailuresPerUser;
    if (over < 0) return 0;
    return Math.min(FIRST_DELAY_MS * 2 ** Math.min(over, 30), maxDelaySeconds * 1000);
  }

  failed(username: string, address: string): void {
    if (this.windows.size > SWEEP_ABOVE) for (const key of [...this.windows.keys()]) this.current(key);
    for (const key of Object.values(this.keys(username, address))) {
      const window = this.current(key);
      if (window) window.failures += 1;
      else this.windows.set(key, { started: this.now(), failures: 1 });
    }
  }

  /** A correct password clears the user's counts; the address keeps its count for other names. */
  succeeded(username: string, address: string): void {
    const keys = this.keys(username, address);
    this.windows.delete(keys.user);
    this.windows.delete(keys.pair);
  }
}
