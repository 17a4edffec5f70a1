import { describe, expect, it } from 'vitest';
import { releaseFromApiVersions } from './broker-version.ts';

/** A broker's answer with the given newest versions, every other API at version 0. */
const answer = (max: Record<number, number>) =>
  Object.entries(max).map(([apiKey, maxVersion]) => ({ apiKey: Number(apiKey), maxVersion }));

// Newest versions of the marker APIs (Produce 0, ListOffsets 2, Metadata 3, JoinGroup 11, ApiVersions 18,
// AddPartitionsToTxn 24, DescribeAcls 29, DescribeLogDirs 35) as each release's broker answers them.
const kafka39 = { 0: 11, 2: 9, 3: 12, 11: 9, 18: 4, 24: 5, 29: 3, 35: 4 };
const kafka40 = { ...kafka39, 0: 12, 2: 10, 3: 13 };
const kafka43 = { ...kafka40, 0: 13, 2: 11, 35: 5 };
const kafka44 = { ...kafka43, 18: 5 };

describe('releaseFromApiVersions', () => {
  it('names the release whose raised API the broker answers last', () => {
    expect(releaseFromApiVersions(answer(kafka39))).toBe('3.9');
    expect(releaseFromApiVersions(answer(kafka40))).toBe('4.0');
    expect(releaseFromApiVersions(answer(kafka43))).toBe('4.3');
  });

  it('says "or newer" for the newest release it knows, which a later one may look like', () => {
    expect(releaseFromApiVersions(answer(kafka44))).toBe('4.4 or newer');
  });

  it('says when two releases look alike, and when the broker predates every marker', () => {
    expect(releaseFromApiVersions(answer({ 2: 7, 3: 12, 11: 9, 29: 3 }))).toBe('3.3 or 3.4');
    expect(releaseFromApiVersions(answer({ 2: 6, 3: 11 }))).toBe('older than 3.0');
    expect(releaseFromApiVersions([])).toBe('older than 3.0');
  });

  it('stops at the first release a custom build does not reach, whatever newer APIs it has', () => {
    expect(releaseFromApiVersions(answer({ ...kafka44, 24: 3 }))).toBe('3.5');
  });
});
