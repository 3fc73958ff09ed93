# syntax=docker/dockerfile:1
# Monobook: one image for the API + UI (`node backend/dist/main.js`, the default command) and
# for the background worker (`node backend/dist/worker.js`). See docker-compose.yml.
ARG NODE_VERSION=22

# ---- build: every dependency, then backend/dist and frontend/dist ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY backend backend
COPY frontend frontend
RUN npm run build

# ---- runtime: the backend's production dependencies and the two build outputs ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
# The server serves the UI from ./frontend/dist relative to its working directory (/app).
COPY --from=build /app/frontend/dist frontend/dist
# The server renderer of the public screens (one file, its packages bundled in): bootstrap.ts loads it.
COPY --from=build /app/frontend/dist-server frontend/dist-server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# AsyncLocalStorage without async_hooks (the default from Node 24; see backend/scripts/node-args.mjs):
# with async_hooks every promise of every request pays a hook. Drop it when NODE_VERSION is 24+.
# MALLOC_MMAP_THRESHOLD_: freed compiler scratch memory goes back to the system (node-args.mjs).
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NODE_OPTIONS=--experimental-async-context-frame \
    MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
# Readiness: the process answers and its database does. (The worker overrides this: no HTTP port.)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting connections, finish requests and running jobs, close the database.
STOPSIGNAL SIGTERM
# --no-liftoff (not allowed in NODE_OPTIONS): the embedded PGlite's WebAssembly compiled once,
# optimised, instead of twice (see backend/scripts/node-args.mjs).
CMD ["node", "--no-liftoff", "backend/dist/main.js"]
