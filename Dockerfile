# xborder in a small image (docs/ci.md): a build stage packs the package the way a release is packed,
# then a slim Node 20 image installs the tarball. test/e2e/ci-files.test.ts runs the build stage's
# commands without docker (npm offline, from its cache) and checks what the final stage copies.
#   docker build -t xborder .
#   docker run --rm -v "$PWD:/work" -w /work --user "$(id -u):$(id -g)" -e XB_HEADER_KEY xborder check
FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# The dependencies first, in a layer of their own. The sources are not here yet, so npm must not run
# `prepare` (it builds): --ignore-scripts, then esbuild's own install script by name.
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild esbuild
COPY scripts ./scripts
COPY schemas ./schemas
COPY samples ./samples
COPY profiles ./profiles
COPY src ./src
COPY bin ./bin
COPY tsconfig.json LICENSE CHANGELOG.md README.md ./
# prepack builds dist/ and leaves the install scripts out of the packed manifest.
RUN mkdir pack && npm pack --silent --pack-destination pack > /dev/null && mv pack/xborder-*.tgz pack/xborder.tgz

FROM node:20-slim
COPY --from=build /src/pack/xborder.tgz /tmp/xborder.tgz
RUN npm install -g --no-audit --no-fund /tmp/xborder.tgz && rm /tmp/xborder.tgz && npm cache clean --force
WORKDIR /work
USER node
ENTRYPOINT ["xborder"]
CMD ["--help"]
