import { describe, expect, it } from 'vitest';
import { withChange } from './config-changes';

describe('withChange', () => {
  it('adds a changed value and replaces an earlier edit of the same key', () => {
    const once = withChange({}, 'retention.ms', '86400000', '3600000');
    expect(once).toEqual({ 'retention.ms': '3600000' });
    expect(withChange(once, 'retention.ms', '86400000', '60000')).toEqual({ 'retention.ms': '60000' });
  });

  it('drops a value reverted to the original', () => {
    const changes = { 'retention.ms': '3600000', 'cleanup.policy': 'compact' };
    expect(withChange(changes, 'retention.ms', '86400000', '86400000')).toEqual({
      'cleanup.policy': 'compact',
    });
  });

  it('treats an absent original (sensitive or null) as empty', () => {
    expect(withChange({ 'ssl.key.password': 'x' }, 'ssl.key.password', undefined, '')).toEqual({});
    expect(withChange({}, 'ssl.key.password', undefined, 'secret')).toEqual({ 'ssl.key.password': 'secret' });
  });
});
