import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

const limits = { maxFailuresPerUser: 2, maxFailuresPerAddress: 4, windowSeconds: 60, maxDelaySeconds: 5 };

describe('LoginLimiter', () => {
  it('refuses the failing address for that user, and only slows the user down elsewhere', () => {
    let now = 0;
    const limiter = new LoginLimiter(limits, () => now);
    limiter.failed('Ann', '1.1.1.1');
    expect(limiter.check('ann', '1.1.1.1')).toBe(0);
    limiter.failed('ann', '1.1.1.1');
    expect(() => limiter.check('ANN', '1.1.1.1')).toThrow(
      "Too many failed logins for user 'ANN' from this address; try again in 60 seconds",
    );
    // Another address still gets to try, after a wait that doubles per further failure.
    expect(limiter.check('ann', '2.2.2.2')).toBe(1_000);
    limiter.failed('ann', '3.3.3.3');
    expect(limiter.check('ann', '2.2.2.2')).toBe(2_000);
    for (const address of ['4.4.4.4', '5.5.5.5', '6.6.6.6']) limiter.failed('ann', address);
    expect(limiter.check('ann', '2.2.2.2')).toBe(5_000);
    // The owner's success clears the user's count; the failing address keeps its refusal.
    limiter.succeeded('ann', '2.2.2.2');
    expect(limiter.check('ann', '2.2.2.2')).toBe(0);
    expect(() => limiter.check('ann', '1.1.1.1')).toThrow('for user');
    now = 60_000;
    expect(limiter.check('ann', '1.1.1.1')).toBe(0);
  });

  it('refuses an address past its own limit whatever name it tries', () => {
    const limiter = new LoginLimiter(limits);
    for (const name of ['a', 'b', 'c', 'd']) limiter.failed(name, '9.9.9.9');
    expect(() => limiter.check('e', '9.9.9.9')).toThrow('Too many failed logins from this address');
    expect(limiter.check('e', '8.8.8.8')).toBe(0);
  });
});
