# syntax=docker/dockerfile:1
# StayBook as one container: the compiled API serving the web app and the images (docs/decisions/021-compiled-build-and-container.md).
# docker build -t staybook .   ·   docker run -p 3000:3000 -e … staybook   ·   compose.yaml runs the whole set.
ARG NODE_IMAGE=node:24.21-bookworm-slim

# 0. The workspace's package manifests, all `npm ci` reads: both stages below install from them.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/client/package.json packages/client/
COPY e2e/package.json e2e/

# 1. Everything needed to build: all dependencies, the sources, `npm run build` (web app + API to JavaScript).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. What runs: the API's production dependencies only, the compiled API and the built web app. No TypeScript, no tsx.
FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN npm ci --omit=dev --workspace @staybook/api --include-workspace-root=false --no-audit --no-fund \
    && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The web app's server build: the API draws the home page's first view with it (decision 037).
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
# The data directory (uploads, mail outbox, the embedded database when DATABASE_URL is unset) belongs to the app's user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
