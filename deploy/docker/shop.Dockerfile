# syntax=docker/dockerfile:1
#
# The platform's three images, one target each. Build from the repository root:
#
#   docker build -f deploy/docker/shop.Dockerfile --target gateway  -t shop-gateway  .
#   docker build -f deploy/docker/shop.Dockerfile --target commerce -t shop-commerce .
#   docker build -f deploy/docker/shop.Dockerfile --target vendors  -t shop-vendors  .
#
# The gateway image also holds the page renderer (shell/dist/server/renderer.js) and the built
# remotes it publishes. docs/deploy.md says how the images are run.

ARG NODE_IMAGE=node:20-slim

# Every workspace's package.json and the lock file: the installs below are cached until one changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/mail/package.json libs/mail/
COPY libs/node-kit/package.json libs/node-kit/
COPY libs/platform/package.json libs/platform/
COPY libs/ui/package.json libs/ui/
COPY brands/package.json brands/
COPY shell/package.json shell/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-cart-checkout/package.json mfe-cart-checkout/
COPY mfe-account/package.json mfe-account/
COPY mfe-content/package.json mfe-content/
COPY mfe-admin/package.json mfe-admin/
COPY api-gateway/package.json api-gateway/
COPY services/commerce/package.json services/commerce/
COPY services/vendors/package.json services/vendors/
COPY tools/catalog-seed/package.json tools/catalog-seed/
COPY tools/store-seed/package.json tools/store-seed/
COPY tools/package.json tools/
COPY deploy/package.json deploy/
COPY e2e/package.json e2e/

# Everything the builds need (dev dependencies included).
FROM manifests AS deps
RUN npm ci --no-audit --no-fund

FROM deps AS source
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
COPY . .

# The gateway serves the shell and the five remotes, so its image is built with them.
FROM source AS build-gateway
RUN npx nx run-many -t build --outputStyle=static \
    --projects=@shop/api-gateway,@shop/shell,@shop/mfe-catalog,@shop/mfe-cart-checkout,@shop/mfe-account,@shop/mfe-content,@shop/mfe-admin

FROM source AS build-commerce
RUN npx nx run-many -t build --outputStyle=static --projects=@shop/commerce-service

FROM source AS build-vendors
RUN npx nx run-many -t build --outputStyle=static --projects=@shop/vendor-services

# The services are bundles whose npm packages stay external: production dependencies only,
# without install scripts.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
# var/ is the default data folder when no volume or database is given (docker run on one host).
RUN mkdir -p /app/var && chown 1000:1000 /app/var
# The node user of the base image, by number so Kubernetes can check runAsNonRoot.
USER 1000:1000

FROM runtime AS gateway
COPY --from=build-gateway /app/api-gateway/dist ./api-gateway/dist
COPY --from=build-gateway /app/shell/dist ./shell/dist
COPY --from=build-gateway /app/mfe-catalog/dist ./mfe-catalog/dist
COPY --from=build-gateway /app/mfe-cart-checkout/dist ./mfe-cart-checkout/dist
COPY --from=build-gateway /app/mfe-account/dist ./mfe-account/dist
COPY --from=build-gateway /app/mfe-content/dist ./mfe-content/dist
COPY --from=build-gateway /app/mfe-admin/dist ./mfe-admin/dist
COPY --from=source /app/brands/global ./brands/global
COPY --from=source /app/brands/sites ./brands/sites
EXPOSE 8080
CMD ["node", "api-gateway/dist/main.js"]

FROM runtime AS commerce
COPY --from=build-commerce /app/services/commerce/dist ./services/commerce/dist
EXPOSE 4000
CMD ["node", "services/commerce/dist/main.js"]

FROM runtime AS vendors
COPY --from=build-vendors /app/services/vendors/dist ./services/vendors/dist
EXPOSE 4010 4011 4012 4013 4025 4026
CMD ["node", "services/vendors/dist/main.js"]
