#!/usr/bin/env bash
# Runs the solcast Python SDK's own test suite (pytest) against a local solarkit server, twice:
# over TLS with a self-signed certificate the client trusts (SSL_CERT_FILE: urllib's default
# context reads it), every test; and over plain HTTP, every test but test_client (it asserts an
# https base URL). The SDK's base URL is its solcast/urls.py `base_url`, set in a copy; the key is
# a legacy-format account's (the SDK's tests expect the sites list as a bare list).
#
# Usage: scripts/solcast-sdk-suite.sh SDK_DIR [PYTHON]
#   SDK_DIR  a checkout of the SDK (github.com/Solcast/solcast-api-python-sdk; its solcast/ and tests/)
#   PYTHON   an interpreter with pytest and pandas (default python3)
# Exit status: non-zero when either run has a failing test.
set -euo pipefail
sdk=${1:?usage: scripts/solcast-sdk-suite.sh SDK_DIR [PYTHON]}
python=${2:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
server=''
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

solarkit() { node "$root/packages/server/bin/solarkit.js" "$@"; }
db=$work/solarkit.db
solarkit accounts create sdk --format-version legacy --db "$db" >/dev/null 2>&1
key=$(solarkit keys create sdk --db "$db" | tail -1)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -keyout "$work/key.pem" -out "$work/cert.pem" -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null

# run NAME [serve options] -- [pytest options]: one server, one pytest run on a copy of the SDK.
run() {
  local name=$1; shift
  local serve=() pytest=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do serve+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  pytest=("$@")
  mkdir -p "$work/$name" && cp -r "$sdk/solcast" "$sdk/tests" "$work/$name/"
  # node itself in the background (not the shell function) so that $! is the server to stop.
  node "$root/packages/server/bin/solarkit.js" serve --port 0 --db "$db" ${serve[@]+"${serve[@]}"} >"$work/$name.out" 2>"$work/$name.log" &
  server=$!
  local url=''
  for _ in $(seq 1 120); do
    url=$(sed -n 's/^solarkit API listening on \([^ ]*\) .*/\1/p' "$work/$name.out")
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/$name.out" "$work/$name.log" >&2; exit 1; }
    sleep 0.5
  done
  [ -n "$url" ] || { echo "the server did not start" >&2; exit 1; }
  sed -i "s#^base_url = .*#base_url = \"$url\"#" "$work/$name/solcast/urls.py"
  echo "== $name: the SDK's tests against $url"
  local status=0
  (cd "$work/$name" && SOLCAST_API_KEY=$key SSL_CERT_FILE=$work/cert.pem \
    "$python" -m pytest -q -p no:cacheprovider -rA tests ${pytest[@]+"${pytest[@]}"}) || status=$?
  kill "$server"; wait "$server" 2>/dev/null || true; server=''
  return $status
}

failed=0
run tls --tls-cert "$work/cert.pem" --tls-key "$work/key.pem" || failed=1
run http -- --deselect tests/test_client.py::test_client || failed=1
exit $failed
