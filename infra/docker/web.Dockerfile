# The static front ends (shell + three remotes) behind nginx, which also
# forwards /api and /config to the gateway.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build:web

FROM nginx:1.27-alpine
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/shell/dist /usr/share/nginx/html
COPY --from=build /app/mfe-accounting/dist /usr/share/nginx/html/remotes/accounting
COPY --from=build /app/mfe-hr/dist /usr/share/nginx/html/remotes/hr
COPY --from=build /app/mfe-sector/dist /usr/share/nginx/html/remotes/sector
EXPOSE 80
