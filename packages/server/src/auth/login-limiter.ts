import type { SecurityConfig } from '../config/security.ts';
import { AppError } from '../errors.ts';

type Window = { started: number; failures: number };

const SWEEP_ABOVE = 10_000;

/**
 * Failed logins per username and per client address within a fixed window. Past either limit, every
 * login attempt for that user or from that address is refused with 429 until the window ends, before
 * any password is checked, so a locked account cannot be probed further.
 */
export class LoginLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly limits: SecurityConfig['loginRateLimit'];
  private readonly now: () => number;

  constructor(limits: SecurityConfig['loginRateLimit'], now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  private keys(username: string, address: string): [string, number][] {
    return [
      [`user:${username.toLowerCase()}`, this.limits.maxFailuresPerUser],
      [`addr:${address}`, this.limits.maxFailuresPerAddress],
    ];
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.started >= this.limits.windowSeconds * 1000) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Throws 429 when the user or the address is over its limit. */
  check(username: string, address: string): void {
    for (const [key, max] of this.keys(username, address)) {
      const window = this.current(key);
      if (window && window.failures >= max) {
        const wait = Math.ceil((window.started + this.limits.windowSeconds * 1000 - this.now()) / 1000);
        const who = key.startsWith('user:') ? `for user '${username}'` : 'from this address';
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many failed logins ${who}; try again in ${Math.max(wait, 1)} seconds`,
        );
      }
    }
  }

  failed(username: string, address: string): void {
    if (this.windows.size > SWEEP_ABOVE) for (const key of [...this.windows.keys()]) this.current(key);
    for (const [key] of this.keys(username, address)) {
      const window = this.current(key);
      if (window) window.failures += 1;
      else this.windows.set(key, { started: this.now(), failures: 1 });
    }
  }

  /** A correct password clears the user's count; the address keeps its count for other names. */
  succeeded(username: string): void {
    this.windows.delete(`user:${username.toLowerCase()}`);
  }
}
