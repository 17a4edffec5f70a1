import { describe, expect, it } from 'vitest';
import { alternatives, regexCovered, topicUses } from './connector-access.ts';

const allowPub = (name: string) => /^pub-.*$/.test(name);

describe('topicUses', () => {
  it('reads topics and topics.regex for a sink, writes topic and *.topic keys for a source', () => {
    expect(
      topicUses(
        { topics: 'a, b', 'topics.regex': 'x.*', 'errors.deadletterqueue.topic.name': 'dlq' },
        'sink',
      ),
    ).toEqual([
      { key: 'topics', kind: 'name', name: 'a', action: 'READ' },
      { key: 'topics', kind: 'name', name: 'b', action: 'READ' },
      { key: 'topics.regex', kind: 'regex', regex: 'x.*', action: 'READ' },
      { key: 'errors.deadletterqueue.topic.name', kind: 'name', name: 'dlq', action: 'CREATE' },
    ]);
    expect(
      topicUses({ topic: 't', 'kafka.topic': 'k', 'topic.prefix': 'db.', file: '/etc/passwd' }, 'source'),
    ).toEqual([
      { key: 'topic', kind: 'name', name: 't', action: 'CREATE' },
      { key: 'kafka.topic', kind: 'name', name: 'k', action: 'CREATE' },
      { key: 'topic.prefix', kind: 'regex', regex: 'db\\..*', action: 'CREATE' },
    ]);
    expect(topicUses({ topic: 't' }, undefined).map((u) => u.action)).toEqual(['READ', 'CREATE']);
  });
});

describe('regexCovered', () => {
  it('reads each alternative as its literal prefix and the rest, without running it', () => {
    expect(alternatives('^pub-orders$|pub\\.x.*|(?i)a|pub-a*')).toEqual([
      { prefix: 'pub-orders', rest: '' },
      { prefix: 'pub.x', rest: '.*' },
      { prefix: '', rest: '(?i)a' },
      { prefix: 'pub-', rest: 'a*' },
    ]);
    expect(alternatives('a(b|c')).toBeUndefined();
    expect(alternatives('x'.repeat(1001))).toBeUndefined();
  });

  it('accepts only regexes every match of which the caller may read', () => {
    const patterns = ['pub-.*'];
    expect(regexCovered('pub-.*', patterns, allowPub)).toBe(true);
    expect(regexCovered('pub-orders-.*|pub-x', patterns, allowPub)).toBe(true);
    expect(regexCovered('pub-(a|b)', patterns, allowPub)).toBe(true);
    expect(regexCovered('pub.*', patterns, allowPub)).toBe(false);
    expect(regexCovered('.*', patterns, allowPub)).toBe(false);
    expect(regexCovered('secret-.*|pub-.*', patterns, allowPub)).toBe(false);
    expect(regexCovered('(?i)pub-.*', patterns, allowPub)).toBe(false);
    expect(regexCovered('pub-.*|[|]secret', patterns, allowPub)).toBe(false);
    expect(regexCovered('(a+)+$', patterns, allowPub)).toBe(false);
    expect(regexCovered('anything(.*)', ['.*'], () => true)).toBe(true);
    expect(regexCovered('project-a\\.orders.*', ['project-a\\..*'], () => false)).toBe(true);
  });
});
