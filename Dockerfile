# syntax=docker/dockerfile:1
# The site as a container: the same install, build and serve steps as CI (`npm ci`, `npm run
# build`, `npm run serve`), in three stages: the build with every dependency,
# the production dependencies alone, and a slim runtime as the unprivileged `node` user.
#
#   docker build --build-arg PUBLIC_ORIGIN=https://www.example.com -t fresh-start-money .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... [other settings] fresh-start-money
#
# PUBLIC_ORIGIN is baked into the prerendered pages (canonical URLs, sitemap, feed): build with the
# address the site is reached at; the server refuses to start with another one.
ARG NODE_VERSION=24
ARG PUBLIC_ORIGIN=http://localhost:3000

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci`, as .ci/run does: the committed package-lock.json lists every platform's optional native
# packages (rollup, tailwind's oxide, esbuild), so the install is the one the lockfile records.
RUN npm ci --no-audit --no-fund
COPY . .
ARG PUBLIC_ORIGIN
ENV PUBLIC_ORIGIN=${PUBLIC_ORIGIN}
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
ARG PUBLIC_ORIGIN
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PUBLIC_ORIGIN=${PUBLIC_ORIGIN} \
    DATA_DIR=/app/data
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server runs from source with tsx (server/ imports a few browser-safe modules of app/);
# db/migrations are applied at start-up or by the release command (`npm run db:migrate`).
COPY package.json package-lock.json tsconfig.json ./
COPY server ./server
COPY app ./app
COPY db ./db
COPY scripts/migrate.ts ./scripts/migrate.ts
COPY products/files ./products/files
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# GET /healthz: 200 when the process and its database answer, 503 otherwise (and while draining).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains: no new connections, requests in flight finish (SHUTDOWN_GRACE_SECONDS), exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/main.ts"]
