# Builds and runs Arbiter as the README does: Debian 12 packages (the lists in scripts/packages/,
# which scripts/setup.sh reads too), a CMake Release build, then `arbiter serve` on all interfaces
# with the games in a volume.
#   docker build -t arbiter . && docker run -p 8080:8080 -v arbiter-data:/var/lib/arbiter arbiter
FROM debian:12 AS build
COPY scripts/packages/build /tmp/packages
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sed 's/#.*//' /tmp/packages | awk '{print $1}') \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
 && cmake --build build --target arbiter -j"$(nproc)"

FROM debian:12-slim
COPY scripts/packages/runtime /tmp/packages
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sed 's/#.*//' /tmp/packages | awk '{print $1}') \
 && rm -rf /var/lib/apt/lists/* /tmp/packages \
 && useradd --system --home /var/lib/arbiter --shell /usr/sbin/nologin arbiter \
 && mkdir -p /var/lib/arbiter && chown arbiter:arbiter /var/lib/arbiter
COPY --from=build /src/build/server/arbiter /usr/local/bin/arbiter
COPY --from=build /src/server/web /usr/local/share/arbiter/web
USER arbiter
VOLUME /var/lib/arbiter
EXPOSE 8080
STOPSIGNAL SIGTERM
CMD ["arbiter", "serve", "--bind", "0.0.0.0", "--port", "8080", "--db", "/var/lib/arbiter/arbiter.db", "--web", "/usr/local/share/arbiter/web"]
