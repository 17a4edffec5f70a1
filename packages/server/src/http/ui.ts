import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../platform/errors.ts';

/** This file runs from src/http/ (development, tests) or bundled in dist/ (production): both under packages/server. */
const here = dirname(fileURLToPath(import.meta.url));
const serverPackage = basename(here) === 'dist' ? dirname(here) : join(here, '..', '..');
export const DEFAULT_UI_DIR = join(serverPackage, '..', 'web', 'dist');

/**
 * Serves the built console under `{basePath}ui/`, with every unknown path answered by index.html so deep
 * links work. The HTML is rewritten once so the bundle finds its assets and API under the deployment prefix.
 */
export async function installUi(app: FastifyInstance, basePath: string, uiDir = DEFAULT_UI_DIR) {
  const prefix = `${basePath}ui/`;
  app.get(basePath, (_req, reply) => reply.redirect(`${basePath}ui`));
  if (basePath !== '/') app.get('/', (_req, reply) => reply.redirect(basePath));

  const indexFile = `${uiDir}/index.html`;
  if (!existsSync(indexFile)) {
    const notBuilt = () => {
      throw new AppError('INTERNAL', 'The console is not built: run `pnpm build`');
    };
    app.get(`${basePath}ui`, notBuilt);
    app.get(`${prefix}*`, notBuilt);
    return;
  }
  const html = readFileSync(indexFile, 'utf8')
    .replace('<base href="/ui/" />', `<base href="${prefix}" />`)
    .replace('<meta name="base-path" content="/" />', `<meta name="base-path" content="${basePath}" />`);
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  app.get(`${basePath}ui`, (_req, reply) => sendIndex(reply));
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: uiDir,
        prefix: '/',
        index: false,
        wildcard: true,
        setHeaders: (res, path) => {
          // Vite fingerprints asset names, so they never change under the same URL.
          if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      scope.setNotFoundHandler((request, reply) => {
        if (request.method !== 'GET' || request.url.startsWith(`${prefix}assets/`)) {
          return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND', requestId: request.id });
        }
        return sendIndex(reply);
      });
    },
    { prefix: `${basePath}ui` },
  );
}
