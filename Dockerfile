# xborder in a small image: built in one stage, the packed tarball installed in a slim Node 20 image.
#   docker build -t xborder .
#   docker run --rm -v "$PWD:/work" -w /work -e XB_HEADER_KEY xborder check
FROM node:20-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY scripts ./scripts
COPY schemas ./schemas
COPY samples ./samples
COPY src ./src
COPY bin ./bin
COPY tsconfig.json LICENSE CHANGELOG.md README.md ./
RUN npm pack --silent --pack-destination /tmp && mv /tmp/xborder-*.tgz /tmp/xborder.tgz

FROM node:20-slim
COPY --from=build /tmp/xborder.tgz /tmp/xborder.tgz
RUN npm install -g --no-audit --no-fund /tmp/xborder.tgz && rm /tmp/xborder.tgz && npm cache clean --force
WORKDIR /work
USER node
ENTRYPOINT ["xborder"]
CMD ["--help"]
