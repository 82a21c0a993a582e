# ramp-sandbox in a container (docs/cli.md, "Docker"):
#   docker build -t ramp-sandbox .
#   docker run --rm -p 4010:4010 -p 4011:4011 ramp-sandbox
# Inside the container it listens on 0.0.0.0 (so the published ports reach it); everywhere else the
# default stays 127.0.0.1. Options go after the image name: docker run … ramp-sandbox serve --host 0.0.0.0 --seed 7

# Build: every dependency, the sources, npm run build; then drop the devDependencies.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json tsconfig.build-react-native.json ./
COPY scripts/build.ts scripts/subpath-specifiers.ts scripts/
COPY sandbox sandbox
COPY fixtures fixtures
COPY harness harness
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the built output and the production dependencies only, as the unprivileged `node` user.
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY bin ./bin
USER node
EXPOSE 4010 4011
# GET / is the sandbox's index: no key, no work. node:20-slim has no curl; node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4010/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "--max-semi-space-size=32", "bin/ramp-sandbox.js"]
CMD ["serve", "--host", "0.0.0.0"]
