/**
 * The layers of the server, imports only downward (docs/architecture.md):
 * composition (src/*.ts) → http/ → domain/ → kafka/, upstreams/ → platform/. No circles anywhere.
 * Checked by `pnpm lint` (`depcruise`), so a wrong-way import fails CI.
 */
const server = 'packages/server/src';
const layer = (name) => `^${server}/${name}/`;
const notTests = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle between modules, even type-only, means two things that should be one or a layer in the wrong place.',
      from: { pathNot: notTests },
      to: { circular: true },
    },
    {
      name: 'platform-is-the-bottom',
      severity: 'error',
      comment: 'platform/ (config, errors, logger, credentials) imports no other layer.',
      from: { path: layer('platform'), pathNot: notTests },
      to: { path: `^${server}/(http|domain|kafka|upstreams)/|^${server}/[^/]+\\.ts$` },
    },
    {
      name: 'kafka-below-domain',
      severity: 'error',
      comment:
        'kafka/ is the Kafka client side (pool, protocol, fetch, connection): no domain, HTTP or upstream.',
      from: { path: layer('kafka'), pathNot: notTests },
      to: { path: `^${server}/(http|domain|upstreams)/|^${server}/[^/]+\\.ts$` },
    },
    {
      name: 'upstreams-below-domain',
      severity: 'error',
      comment:
        'upstreams/ are the HTTP clients of the registry, Connect and ksqlDB: no domain, HTTP or Kafka.',
      from: { path: layer('upstreams'), pathNot: notTests },
      to: { path: `^${server}/(http|domain|kafka)/|^${server}/[^/]+\\.ts$` },
    },
    {
      name: 'domain-below-http',
      severity: 'error',
      comment: 'domain/ knows nothing of HTTP: no routes, SSE writer, headers or request objects.',
      from: { path: layer('domain'), pathNot: notTests },
      to: { path: `^${server}/http/|^${server}/[^/]+\\.ts$` },
    },
    {
      name: 'http-below-composition',
      severity: 'error',
      comment:
        'The composition root (app.ts, services.ts, serve.ts) builds http/; http/ does not reach back.',
      from: { path: layer('http'), pathNot: notTests },
      to: { path: `^${server}/(app|serve|main|start)\\.ts$` },
    },
    {
      name: 'routes-use-services',
      severity: 'error',
      comment:
        'Routes call the services built once in services.ts, never the Kafka pool or the upstream clients.',
      from: { path: `^${server}/http/routes/` },
      to: { path: `^${server}/(kafka|upstreams)/` },
    },
    {
      name: 'web-components-below-features',
      severity: 'error',
      comment: "The console's shared components, hooks and API helpers know no screen.",
      from: { path: '^packages/web/src/(components|lib|api)/' },
      to: { path: '^packages/web/src/(features|routes)' },
    },
    {
      name: 'web-features-below-shell',
      severity: 'error',
      comment: 'Screens use layout components, never the app shell that composes them.',
      from: { path: '^packages/web/src/features/(?!shell/)' },
      to: { path: '^packages/web/src/features/shell/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsConfig: { fileName: 'packages/server/tsconfig.json' },
  },
};
