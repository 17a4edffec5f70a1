import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../platform/errors.ts';

/**
 * HEAD is answered by the GET route of the same path, as fastify's `exposeHeadRoutes` answered it, without
 * the second route that option adds for every GET (about 170 routes, 11 ms of every start:
 * tests/bench/results/cold-start.md). The request is routed and guarded as the GET it mirrors
 * (`routeHeadAsGet`, called before routing); Node's response, made for a HEAD before the method is
 * changed, sends the GET's headers, Content-Length included, and no body. A GET route declared with
 * `exposeHeadRoute: false` (AKHQ's state-changing GETs) answers HEAD 404, as when fastify made no HEAD
 * route for it.
 */
const heads = new WeakSet<IncomingMessage>();

export function routeHeadAsGet(req: IncomingMessage): void {
  if (req.method !== 'HEAD') return;
  heads.add(req);
  req.method = 'GET';
}

export function refuseHeadWhereNotExposed(app: FastifyInstance): void {
  const withoutHead = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.exposeHeadRoute === false) withoutHead.add(route.url);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (heads.has(request.raw) && withoutHead.has(request.routeOptions.url ?? '')) {
      done(notFound('This GET is not answered for HEAD'));
    } else done();
  });
}

/** The method the client sent: HEAD for a request answered as GET. */
export function sentMethod(req: IncomingMessage): string | undefined {
  return heads.has(req) ? 'HEAD' : req.method;
}
