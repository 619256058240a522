# One image for the gateway, the three services and their workers: the whole
# workspace is installed and the server code built once; each container picks
# its entry point with the command in docker-compose.yml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY infra ./infra
COPY e2e ./e2e
COPY shell/package.json shell/
COPY mfe-accounting/package.json mfe-accounting/
COPY mfe-hr/package.json mfe-hr/
COPY mfe-sector/package.json mfe-sector/
RUN npm install --no-audit --no-fund && npm run build:server && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080 4101 4102 4103
CMD ["node", "gateway/dist/server.js"]
