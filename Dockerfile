# Builds and runs Arbiter as the README does: Debian 12 packages (the lists in scripts/packages/,
# which scripts/setup.sh reads too), a CMake Release build, then `arbiter serve` on all interfaces
# with the games in a volume.
#   docker build -t arbiter . && docker run -p 8080:8080 -v arbiter-data:/var/lib/arbiter arbiter
# Options after the image's name go to `arbiter serve` (the last of a repeated option wins):
#   docker run -p 8080:8080 arbiter --creates-per-minute 20
# The server runs as uid and gid 10001: a bind mount must be theirs first:
#   mkdir -p /srv/arbiter && chown 10001:10001 /srv/arbiter && docker run -v /srv/arbiter:/var/lib/arbiter ...
FROM debian:12 AS build
COPY scripts/packages/build /tmp/packages
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sed 's/#.*//' /tmp/packages | awk '{print $1}') \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARBITER_WEB_DIR=/usr/local/share/arbiter/web \
 && cmake --build build --target arbiter -j"$(nproc)"

FROM debian:12-slim
COPY scripts/packages/runtime /tmp/packages
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(sed 's/#.*//' /tmp/packages | awk '{print $1}') \
 && rm -rf /var/lib/apt/lists/* /tmp/packages \
 && groupadd --gid 10001 arbiter \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /var/lib/arbiter --shell /usr/sbin/nologin arbiter \
 && mkdir -p /var/lib/arbiter && chown arbiter:arbiter /var/lib/arbiter
COPY --from=build /src/build/arbiter /usr/local/bin/arbiter
COPY --from=build /src/web /usr/local/share/arbiter/web
USER arbiter
VOLUME /var/lib/arbiter
EXPOSE 8080
STOPSIGNAL SIGTERM
# /healthz over bash's /dev/tcp: the slim image has no HTTP client. A server moved to another
# port with --port needs `--health-cmd` (or --no-healthcheck) at `docker run`.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["arbiter", "serve", "--bind", "0.0.0.0", "--port", "8080", "--db", "/var/lib/arbiter/arbiter.db"]
