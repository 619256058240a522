# One image for the gateway, the three services and their workers: the whole
# workspace is installed and the server code built once; each container picks
# its entry point with the command in docker-compose.yml.
FROM node:24-bookworm-slim AS build
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

# Only what runs (gateway/src/deployment/image-content.test.ts checks it): the production
# dependencies, and each server project's package.json, dist/ (which tsc -b fills with no
# test and no test helper) and own node_modules when it has one, plus the gateway's data.
# No sources, no tests, no end-to-end suite, no front-end workspace.
FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/service-kit/package.json packages/service-kit/
COPY --from=build /app/packages/service-kit/dist packages/service-kit/dist
COPY --from=build /app/packages/service-kit/node_modules packages/service-kit/node_modules
COPY --from=build /app/services/accounting/package.json services/accounting/
COPY --from=build /app/services/accounting/dist services/accounting/dist
COPY --from=build /app/services/accounting/node_modules services/accounting/node_modules
COPY --from=build /app/services/hr/package.json services/hr/
COPY --from=build /app/services/hr/dist services/hr/dist
COPY --from=build /app/services/hr/node_modules services/hr/node_modules
COPY --from=build /app/services/sector/package.json services/sector/
COPY --from=build /app/services/sector/dist services/sector/dist
COPY --from=build /app/services/sector/node_modules services/sector/node_modules
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/gateway/node_modules gateway/node_modules
COPY --from=build /app/gateway/data gateway/data
COPY --from=build /app/infra/package.json infra/
COPY --from=build /app/infra/dist infra/dist
USER node
EXPOSE 8080 4101 4102 4103
CMD ["node", "gateway/dist/server.js"]
