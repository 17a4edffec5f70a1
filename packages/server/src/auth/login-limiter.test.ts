import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('LoginLimiter', () => {
  it('locks a user after its failures until the window ends, and a success clears it', () => {
    let now = 0;
    const limiter = new LoginLimiter(
      { maxFailuresPerUser: 2, maxFailuresPerAddress: 100, windowSeconds: 60 },
      () => now,
    );
    limiter.failed('Ann', '1.1.1.1');
    limiter.check('ann', '2.2.2.2');
    limiter.failed('ann', '2.2.2.2');
    expect(() => limiter.check('ANN', '3.3.3.3')).toThrow(
      "Too many failed logins for user 'ANN'; try again in 60 seconds",
    );
    now = 59_500;
    expect(() => limiter.check('ann', '3.3.3.3')).toThrow('try again in 1 seconds');
    now = 60_000;
    limiter.check('ann', '3.3.3.3');
    limiter.failed('bob', '4.4.4.4');
    limiter.succeeded('bob');
    limiter.failed('bob', '4.4.4.4');
    limiter.check('bob', '4.4.4.4');
  });
});
