# bidpass: one static binary on distroless, run as a non-root user with a
# read-only root file system (deploy/README.md). Build: docker build -t bidpass .
# The web app is built in a Node stage and embedded in the binary.

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
COPY api/ /src/api/
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist/ web/dist/
ARG VERSION=container
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/bidpass ./cmd/bidpass

# distroless/static: no shell, no package manager; "nonroot" is uid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=go /out/bidpass /bidpass
USER 65532:65532
# /data holds the SQLite file and local files when no database or object
# store is configured; mount a volume there (the root stays read-only).
VOLUME ["/data"]
ENV BIDPASS_ADDR=0.0.0.0:8080 \
    BIDPASS_DATA_DIR=/data \
    BIDPASS_METRICS_ADDR=0.0.0.0:9090
EXPOSE 8080 9090
ENTRYPOINT ["/bidpass"]
CMD ["serve"]
