import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';

// The document held to outside tools (GUIDE: Redocly's recommended rules, a client generated from it).
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Redocly warnings kept on purpose, by rule and the paths they concern, each with its reason. */
const KEPT_WARNINGS: Record<string, { reason: string; paths: string[] }> = {
  'no-ambiguous-paths': {
    reason:
      "AKHQ's paths, kept so its scripts and client work (`/schema/topic/{topic}` beside `/schema/{subject}/version`)",
    paths: ['/api/{cluster}/schema/', '/api/{cluster}/connect/{connectId}/', '/api/{cluster}/topic/'],
  },
  'info-license': { reason: 'the project publishes no licence to name', paths: [''] },
  'operation-4xx-response': {
    reason: 'public routes that take no input have no 4xx answer',
    paths: ['/api/auths', '/api/me', '/logout', '/health', '/ready'],
  },
  'operation-2xx-response': {
    reason: 'these answer only with a redirect',
    paths: ['/logout', '/oauth/login/{provider}', '/oauth/callback/{provider}'],
  },
};

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

/** `#/paths/~1api~1me/get/responses` → `/api/me`. */
const pathOf = (pointer: string) =>
  decodeURIComponent(/^#\/paths\/([^/]+)/.exec(pointer)?.[1] ?? '')
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  const app = await buildApp(testConfig(), { logger: false });
  await app.ready();
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(app.swagger(), null, 2));
  await app.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document, checked by outside tools', () => {
  it("passes Redocly's recommended rules with no error", () => {
    const lint = run(
      bin('redocly'),
      ['lint', '--extends=recommended', '--format=json', '--max-problems=10000', 'openapi.json'],
      dir,
    );
    const problems = (JSON.parse(lint.stdout) as { problems: Problem[] }).problems;
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    const unexplained = problems.filter((p) => {
      const kept = KEPT_WARNINGS[p.ruleId];
      const path = pathOf(p.location[0]?.pointer ?? '');
      return !kept?.paths.some((prefix) => (prefix === '' ? path === '' : path.startsWith(prefix)));
    });
    expect(unexplained.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(lint.status, lint.out.slice(-2000)).toBe(0);
  }, 60_000);

  it('generates a typed client (openapi-typescript) that compiles, with the error shape as a type', () => {
    const generated = run(bin('openapi-typescript'), ['openapi.json', '-o', 'api.d.ts'], dir);
    expect(generated.status, generated.out).toBe(0);
    writeFileSync(
      join(dir, 'client.ts'),
      [
        "import type { components, operations, paths } from './api.d.ts';",
        '',
        "type ErrorEnvelope = components['schemas']['ErrorEnvelope'];",
        "type TopicPage = paths['/api/{cluster}/topic']['get']['responses'][200]['content']['application/json'];",
        "type NotFound = operations['getTopic']['responses'][404]['content']['application/json'];",
        "type TailEvents = operations['tailTopics']['responses'][200]['content']['text/event-stream'];",
        "type SearchQuery = NonNullable<operations['searchTopicData']['parameters']['query']>;",
        '',
        "export const notFound: NotFound = { message: 'gone', code: 'NOT_FOUND', requestId: 'r-1' };",
        'export const envelope: ErrorEnvelope = notFound;',
        'export const names = (page: TopicPage): string[] => page.results.map((topic) => topic.name);',
        "export const events: TailEvents = { event: 'tailBody', data: '{}' };",
        "export const query: SearchQuery = { sort: 'NEWEST', after: '0-49_1-12' };",
        "export const path: operations['deleteRecord']['parameters']['query'] = { partition: 0, key: 'a2V5' };",
        '// @ts-expect-error an error code outside the documented set does not type',
        "export const unknownCode: ErrorEnvelope = { message: 'x', code: 'TEAPOT', requestId: 'r' };",
        '',
      ].join('\n'),
    );
    const compiled = run(
      bin('tsc'),
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--allowImportingTsExtensions',
        'client.ts',
      ],
      dir,
    );
    expect(compiled.status, compiled.out).toBe(0);
  }, 60_000);
});
