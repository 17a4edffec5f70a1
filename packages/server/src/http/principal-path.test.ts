import { describe, expect, it } from 'vitest';
import { principalPathRewriter } from './principal-path.ts';

describe('principalPathRewriter', () => {
  const rewrite = principalPathRewriter('/console');

  it("encodes the `/` of a principal's base64 that AKHQ's client leaves raw", () => {
    expect(rewrite('/console/api/local/acls/VXNl/Pz8/Yg==?resourceType=TOPIC')).toBe(
      '/console/api/local/acls/VXNl%2FPz8%2FYg==?resourceType=TOPIC',
    );
  });

  it('leaves every other path alone', () => {
    for (const url of [
      '/console/api/local/acls/VXNlcjph',
      '/console/api/local/acls',
      '/console/api/local/topic/a/data',
      '/api/local/acls/VXNl/Pz8',
      '/console/api/local/group/a%2Fb/acls/x/y',
    ]) {
      expect(rewrite(url)).toBe(url);
    }
  });
});
