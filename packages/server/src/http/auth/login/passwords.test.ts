import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test-support/config.ts';
import { PasswordChecker } from './passwords.ts';

const users = testConfig({
  security: {
    users: [
      { username: 'sha', password: createHash('sha256').update('sha-pw').digest('hex') },
      { username: 'b', password: bcrypt.hashSync('b-pw', 4) },
      { username: 'y', password: bcrypt.hashSync('y-pw', '$2y$05$abcdefghijklmnopqrstuu') },
    ],
  },
}).security.users;

describe('PasswordChecker', () => {
  it('finds each kind of user by its own password only, and nobody unknown', async () => {
    const checker = new PasswordChecker(users);
    expect((await checker.check('sha', 'sha-pw'))?.username).toBe('sha');
    expect((await checker.check('b', 'b-pw'))?.username).toBe('b');
    expect((await checker.check('y', 'y-pw'))?.username).toBe('y');
    // Another user's password, a wrong one, an unknown name: every decoy stays a decoy.
    expect(await checker.check('b', 'y-pw')).toBeUndefined();
    expect(await checker.check('sha', 'b-pw')).toBeUndefined();
    expect(await checker.check('nobody', 'sha-pw')).toBeUndefined();
    expect(await checker.check('nobody', '')).toBeUndefined();
  });

  it('checks nothing and refuses everyone when no user is configured', async () => {
    expect(await new PasswordChecker([]).check('sha', 'sha-pw')).toBeUndefined();
  });
});
