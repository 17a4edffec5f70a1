# Kafka Console: one Node process serving the API and the built console.
# Build: docker build -t kafka-console .
# Run:   docker run -p 8080:8080 -v $PWD/console.yaml:/app/config/console.yaml:ro kafka-console
# The config is read from /app/config/console.yaml (CONFIG_FILE); CONSOLE_* variables override keys.

FROM node:22-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN pnpm install --frozen-lockfile --ignore-scripts
COPY packages packages
RUN pnpm build
# The V8 code cache of the server's start (packages/server/src/start.ts), made by this image's Node under
# the flags CMD gives, so a container's first start has it: about 170 ms to the first answer instead of 330.
COPY config.example.yaml ./
RUN CONFIG_FILE=config.example.yaml PORT=0 node --max-semi-space-size=4 packages/server/dist/main.js --write-code-cache
# koffi (packages/server/src/platform/malloc-trim.ts) is loaded from node_modules beside the bundle, with
# its prebuilt binary for this platform: both copied as plain directories.
RUN mkdir -p /deps/@koromix && cp -rL packages/server/node_modules/koffi /deps/koffi \
 && cp -rL "$(readlink -f packages/server/node_modules/koffi)/../@koromix/." /deps/@koromix/

# The server is one bundled module (packages/server/build.ts) and the console static files: no package
# manager at run time, and of node_modules only koffi.
FROM node:22-slim
WORKDIR /app
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
COPY --from=build /deps packages/server/node_modules
COPY config.example.yaml /app/config/console.yaml
ENV NODE_ENV=production CONFIG_FILE=/app/config/console.yaml PORT=8080 MALLOC_MMAP_THRESHOLD_=33554432
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "packages/server/dist/main.js"]
