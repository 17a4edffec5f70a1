import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test-support/config.ts';

/**
 * The API document, whole, against the one committed beside this test: a refactoring that changes a
 * path, a field, an operation id or an error answer fails here. A deliberate API change updates the
 * file (`vitest run -u`) and the diff shows reviewers exactly what clients will see.
 */
describe('the OpenAPI document', () => {
  it('is the committed one, operation for operation and schema for schema', async () => {
    const app = await buildApp(testConfig(), { logger: false });
    await app.ready();
    // As in a running server: the contract builds its schemas on first use.
    await app.inject({ method: 'GET', url: '/api/cluster' });
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    await expect(document).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
