import { describe, expect, it } from 'vitest';
import { internalTopicsByApp, isInternalTopicOf } from './internal-topics.ts';

describe('Streams internal topics', () => {
  it('recognises changelog, repartition and foreign-key join topics of an application id', () => {
    expect(isInternalTopicOf('app-counts-changelog', 'app')).toBe(true);
    expect(isInternalTopicOf('app-KSTREAM-AGGREGATE-STATE-STORE-0000000003-repartition', 'app')).toBe(true);
    expect(isInternalTopicOf('app-KTABLE-FK-JOIN-SUBSCRIPTION-REGISTRATION-0000000006-topic', 'app')).toBe(
      true,
    );
    expect(isInternalTopicOf('app-orders', 'app')).toBe(false);
    expect(isInternalTopicOf('other-counts-changelog', 'app')).toBe(false);
  });

  it('gives each topic to the longest id it starts with, so app and app-2 keep their own', () => {
    const found = internalTopicsByApp(
      ['app', 'app-2', 'orders'],
      ['app-2-s-changelog', 'app-s-changelog', 'app-x-repartition', 'orders', 'orders-copy'],
    );
    expect(Object.fromEntries(found)).toEqual({
      app: ['app-s-changelog', 'app-x-repartition'],
      'app-2': ['app-2-s-changelog'],
    });
  });
});
