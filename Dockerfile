# One image for the api, the workers and the one-shot database setup (see docker-compose.yml).
FROM node:20-bookworm-slim

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when they change.
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
RUN npm ci --no-audit --no-fund

COPY . .
# The web apps, which the API serves at / and /admin/, and the API and workers bundles.
RUN npm run build

# The services only read the files above; they need no root.
USER node
ENV PORT=3000
EXPOSE 3000
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
