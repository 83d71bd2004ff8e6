# syntax=docker/dockerfile:1
# One image for the API (the default command), the workers and the one-shot database setup; see
# docker-compose.yml for how each runs. Build: docker build -t topup-store .
#
# Node 24 is the LTS in support longest (to April 2028); the code runs on Node 20.19 or newer
# (package.json engines), and CI and the tests run on 20. Both stages use the same base.
ARG NODE_IMAGE=node:24-slim

# --- manifests: what npm ci reads; every workspace's package.json must match the lockfile ---
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server-kit/package.json server-kit/
COPY migrations/package.json migrations/
COPY api/package.json api/
COPY workers/package.json workers/
COPY storefront/package.json storefront/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: every dependency, dev ones included, to build the web apps and bundle the server ---
FROM manifests AS build
# The layers above change only with the manifests, so a source change reinstalls nothing.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# storefront/dist and admin/dist (served by the API at / and /admin/), and the bundles
# api/dist/server.js, workers/dist/index.js and dist/db-setup.js (scripts/build-server.ts).
RUN npm run build

# --- runtime: production dependencies and the built output only ---
FROM manifests AS runtime
ENV NODE_ENV=production
# Only the API's and the workers' dependencies: the bundles load npm packages from node_modules and
# carry the workspace packages inside; the web apps' dependencies are built into their dist/.
RUN --mount=type=cache,target=/root/.npm \
  npm ci --omit=dev --workspace=@topup/api --workspace=@topup/workers --no-audit --no-fund

COPY --from=build /app/api/dist api/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/dist dist
COPY --from=build /app/storefront/dist storefront/dist
COPY --from=build /app/admin/dist admin/dist
# The API docs page's own files, which the API serves from beside its sources
# (api/src/modules/api-docs/api-docs.router.ts).
COPY --from=build /app/api/src/modules/api-docs/viewer api/src/modules/api-docs/viewer

# Root owns the files above; the services only read them, and run as the image's unprivileged user.
USER node
ENV PORT=3000
EXPOSE 3000

# Ready means the API answers and reaches Postgres (200; "degraded" without Redis is still 200). The
# workers and the setup serve no HTTP: docker-compose.yml turns this check off for them.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]

# The API: API_PROCESSES processes (one per CPU by default) sharing PORT under a node:cluster primary,
# which passes the stop signal on to each, so they drain (docs/architecture.md, "Processes").
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "api/dist/server.js"]
