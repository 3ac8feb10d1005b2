#!/usr/bin/env bash
# Builds Arbiter and runs the server: http://localhost:8080, games in ./arbiter.db.
# Any options are passed on: ./serve.sh --port 9000 --db /var/lib/arbiter/games.db
set -euo pipefail
source "$(dirname "$0")/scripts/setup.sh"
exec "$BUILD_DIR/arbiter" serve "$@"
