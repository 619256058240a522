# The static front ends (shell + three remotes) behind nginx, which also
# forwards /api and /config to the gateway.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build:web

FROM nginx:1.27-alpine
# The image's entry point renders /etc/nginx/templates/*.template (plain HTTP) into
# conf.d with envsubst; NGINX_ENVSUBST_TEMPLATE_DIR=/etc/nginx/templates-tls picks the
# TLS set-up instead (infra/docker/compose.tls.yml).
ENV XAALIS_GATEWAY=gateway:8080 \
    TLS_CERTIFICATE=/etc/nginx/certs/fullchain.pem \
    TLS_CERTIFICATE_KEY=/etc/nginx/certs/privkey.pem
COPY infra/docker/nginx.conf /etc/nginx/xaalis/site.conf
COPY infra/docker/nginx/security-headers.conf /etc/nginx/xaalis/security-headers.conf
COPY infra/docker/nginx/http.conf.template /etc/nginx/templates/default.conf.template
COPY infra/docker/nginx/tls.conf.template /etc/nginx/templates-tls/default.conf.template
COPY --from=build /app/shell/dist /usr/share/nginx/html
COPY --from=build /app/mfe-accounting/dist /usr/share/nginx/html/remotes/accounting
COPY --from=build /app/mfe-hr/dist /usr/share/nginx/html/remotes/hr
COPY --from=build /app/mfe-sector/dist /usr/share/nginx/html/remotes/sector
EXPOSE 80 443
