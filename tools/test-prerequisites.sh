#!/usr/bin/env bash
# What `make test` needs from the system besides the Python packages it installs itself:
# Chromium (the browser tests drive Debian's, no browser is downloaded), GNU gettext (msgfmt, the
# catalogues' checks), redis-server (a private one is started for the tests when no Redis is
# named by BRUME_TEST_REDIS_URL or REDIS_URL) and, on PostgreSQL runs, HAProxy (the node-kill
# smoke test). Missing ones are installed with apt-get when this runs as root on Debian (as on a
# fresh development machine or CI) unless BRUME_NO_INSTALL=1; otherwise it stops at once and
# prints the one command to run.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x "${BRUME_CHROMIUM:-/nonexistent}" ] || missing+=(chromium)
command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
if [ -z "${BRUME_TEST_REDIS_URL:-}${REDIS_URL:-}" ] && ! command -v redis-server >/dev/null 2>&1; then
  missing+=(redis-server)
fi
# HAProxy: the node-kill benchmark's smoke test (tests/bench/test_cluster_kill_benchmark.py), which
# runs only on PostgreSQL, puts it in front of two web nodes.
case "${DATABASE_URL:-}" in
  postgres://*|postgresql://*)
    command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy) ;;
esac
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ "${BRUME_NO_INSTALL:-0}" != 1 ]; then
  echo "make test: installing ${missing[*]} (apt-get; BRUME_NO_INSTALL=1 to stop instead)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q "${missing[@]}" >/dev/null
  exit 0
fi
echo "make test needs ${missing[*]}: install with" >&2
echo "    sudo apt-get install -y ${missing[*]}" >&2
exit 1
