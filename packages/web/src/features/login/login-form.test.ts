import { describe, expect, it } from 'vitest';
import { afterLogin, LoginForm, loginFailure } from './login-form';

describe('login form', () => {
  it('requires a username and a password', () => {
    expect(LoginForm.safeParse({ username: ' ', password: 'x' }).success).toBe(false);
    expect(LoginForm.safeParse({ username: 'ann', password: '' }).success).toBe(false);
    expect(LoginForm.safeParse({ username: 'ann', password: 'x' }).success).toBe(true);
  });

  it("says 'Wrong Username or Password!' unless the server is rate-limiting", () => {
    expect(loginFailure(401, 'Invalid username or password')).toBe('Wrong Username or Password!');
    expect(loginFailure(500, '')).toBe('Wrong Username or Password!');
    expect(loginFailure(undefined, undefined)).toBe('Wrong Username or Password!');
    expect(loginFailure(429, 'Too many failed logins')).toBe('Too many failed logins');
  });

  it('returns to the remembered page, never to login or another site', () => {
    expect(afterLogin('/local/topic?search=x')).toBe('/local/topic?search=x');
    expect(afterLogin(null)).toBe('/');
    expect(afterLogin('/login')).toBe('/');
    expect(afterLogin('/login?x=1')).toBe('/');
    expect(afterLogin('//evil.example')).toBe('/');
    expect(afterLogin('https://evil.example')).toBe('/');
    expect(afterLogin('/loginx')).toBe('/loginx');
  });
});
