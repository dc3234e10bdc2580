# Homevisit: the production image (docs/deploy.md). Stages: all dependencies, the build, production dependencies,
# and a runtime with those and dist/ only, run as the unprivileged `node` user.
#   docker build -t homevisit .
#   docker run -p 3000:3000 -v homevisit-data:/app/data homevisit   # PGlite in /app/data, or set DATABASE_URL

# Node 20, the version the suite and CI run on (the stack's choice). Node 20 reached its end of life
# in April 2026 and cookie@2 (via @fastify/cookie) declares >=22: moving is decision 016's open point.
# --build-arg NODE_IMAGE=node:22-bookworm-slim builds on 22 (not yet covered by CI).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# Vite (client and server renderer into dist/client, dist/ssr) and esbuild (dist/server, with the SQL migrations).
RUN npm run build

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Only esbuild and unrs-resolver (both dev-only) have install scripts.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root, so the app cannot change its own code; only DATA_DIR (./data) is writable.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY config ./config
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready means the database answers (503 otherwise). Node's own fetch: no curl in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.js migrates (under an advisory lock), then serves; it handles SIGTERM itself.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
