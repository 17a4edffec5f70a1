import { describe, expect, it } from 'vitest';
import { sessionButtonState } from './session-button-state';

describe('sessionButtonState', () => {
  it('offers Login when login is enabled and nobody is logged in', () => {
    expect(sessionButtonState(true, { logged: false })).toEqual({ kind: 'login' });
  });

  it('offers Logout under the user name when logged in', () => {
    expect(sessionButtonState(true, { logged: true, username: 'ann' })).toEqual({
      kind: 'logout',
      label: 'ann (Logout)',
    });
  });

  it('shows a disabled user button when login is off but a user is known', () => {
    expect(sessionButtonState(false, { logged: true, username: 'proxy-user' })).toEqual({
      kind: 'user',
      label: 'proxy-user',
    });
    expect(sessionButtonState(false, { logged: false })).toEqual({ kind: 'none' });
  });
});
