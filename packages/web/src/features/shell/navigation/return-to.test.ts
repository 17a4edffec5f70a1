import { describe, expect, it } from 'vitest';
import { returnToOnLeave } from './return-to';

describe('returnToOnLeave', () => {
  it('remembers the page left, with its query', () => {
    expect(
      returnToOnLeave(
        { pathname: '/c/topic', search: '?search=x&page=2' },
        { pathname: '/login', search: '' },
      ),
    ).toBe('/c/topic?search=x&page=2');
  });

  it('ignores leaving the login page and staying on a page', () => {
    expect(
      returnToOnLeave({ pathname: '/login', search: '' }, { pathname: '/c/topic', search: '' }),
    ).toBeNull();
    expect(
      returnToOnLeave({ pathname: '/c/topic', search: '' }, { pathname: '/c/topic/', search: '?page=2' }),
    ).toBeNull();
  });
});
