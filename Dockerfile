# Multi-stage build: Node installs and Deno builds; the runtime image serves under Deno with
# least privilege (net, env, read; write only to /app/data).
# Build: docker build --build-arg PUBLIC_URL=https://learn.example.com -t finance-app .
FROM node:22-bookworm-slim AS build
WORKDIR /app
# patches/ before the install: its postinstall applies them (see README, "Patched dependencies").
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
ARG PUBLIC_URL=http://localhost:4321
ENV PUBLIC_URL=$PUBLIC_URL ASTRO_TELEMETRY_DISABLED=1
RUN node_modules/deno/deno run -A node_modules/astro/bin/astro.mjs build \
 && cp node_modules/deno/deno /usr/local/bin/deno \
 && npm prune --omit=dev --no-audit --no-fund

FROM debian:bookworm-slim AS runtime
RUN useradd --system --uid 10001 --home /app app && mkdir -p /app/data && chown app /app/data
WORKDIR /app
COPY --from=build /usr/local/bin/deno /usr/local/bin/deno
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src ./src
COPY --from=build /app/db ./db
COPY --from=build /app/package.json ./package.json
USER app
ENV HOST=0.0.0.0 PORT=4321 DATA_DIR=/app/data APP_ENV=production
EXPOSE 4321
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD deno eval "const r = await fetch('http://127.0.0.1:4321/healthz'); Deno.exit(r.ok ? 0 : 1)" || exit 1
STOPSIGNAL SIGTERM
CMD ["deno", "run", "--allow-net", "--allow-env", "--allow-read", "--allow-write=/app/data", "src/serve.ts"]
