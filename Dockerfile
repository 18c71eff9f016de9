# The Adjudicator image: one static binary on an empty base, run as a
# non-root user. Build it from the repository root (deploy/README.md):
#
#   docker build --build-arg VERSION=0.1.0 -t adjudicator:0.1.0 .
#
# deploy/helm/dockerfile_test.go checks this file and runs its go build
# command without Docker; keep the build on one RUN line of that shape.

# The build stage runs on the builder's own platform and cross-compiles for
# the target one (docker buildx build --platform linux/amd64,linux/arm64).
# Pinned to an exact Go release, the one go.mod's go line asks for or later.
FROM --platform=$BUILDPLATFORM golang:1.26.8-bookworm AS build
WORKDIR /src
# Modules first, so that a change of source does not download them again.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# VERSION is what `adjudicator version` and the "listening" log line report.
ARG VERSION=dev
ARG TARGETOS
ARG TARGETARCH
RUN CGO_ENABLED=0 GOOS=${TARGETOS} GOARCH=${TARGETARCH} go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/adjudicator ./cmd/adjudicator

# The final image holds the binary and the CA certificates (for rediss://)
# and nothing else: no shell, no package manager, no user database (the user
# is numeric). FROM scratch is the empty image, so there is no tag or digest
# to pin.
FROM scratch
ARG VERSION=dev
LABEL org.opencontainers.image.title="adjudicator" \
      org.opencontainers.image.description="REST/JSON referee for chess variants" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/adjudicator/adjudicator"
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/adjudicator /adjudicator
# 65532 is the conventional "nonroot" user of distroless images; the Helm
# chart runs the pod as the same user with a read-only root file system.
USER 65532:65532
EXPOSE 8080
# No HEALTHCHECK: the image has no shell and no curl to run one, and the
# binary has no health subcommand. Kubernetes probes /livez and /readyz
# directly (deploy/helm); under plain Docker, probe them from outside.
ENTRYPOINT ["/adjudicator", "serve"]
