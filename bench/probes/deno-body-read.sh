#!/usr/bin/env bash
# How Deno's Deno.serve reads a request body of declared length, by the body's size: server CPU µs
# per request (from /proc) of `request.bytes()`, `text()`, `json()` and a reader loop over
# `request.body`, one route per path in one process, driven by wrk for 2 s per path and round.
# The server runs on CPU 1, wrk on CPU 0; run it on an idle machine.
#
#   bash bench/probes/deno-body-read.sh [sizes...]    (default: 600 1000 1300 1643 2000 2500 4000 8000)
#
# Needs wrk (apt-get install wrk) and the workspace's installed deno (pnpm install).
set -euo pipefail
cd "$(dirname "$0")/.."
DENO=${DENO:-$(pwd)/node_modules/.bin/deno}
PROCESSES=${PROCESSES:-2}
ROUNDS=${ROUNDS:-2}
SIZES=${*:-600 1000 1300 1643 2000 2500 4000 8000}
PATHS="/bytes /text /json /reader"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/serve.js" <<'JS'
async function reader(request) {
  const stream = request.body.getReader();
  let length = 0;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) return length;
    length += value.byteLength;
  }
}
const routes = {
  '/bytes': async (request) => (await request.bytes()).byteLength,
  '/text': async (request) => (await request.text()).length,
  '/json': async (request) => typeof (await request.json()),
  '/reader': reader,
};
Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening ${port}`) }, async (request) =>
  Response.json(await routes[new URL(request.url).pathname](request)),
);
JS
cpu_of() { awk '{print $14+$15}' "/proc/$1/stat"; }
printf '| body bytes | process |'; for p in $PATHS; do printf ' %s |' "$p"; done; echo
for size in $SIZES; do
  node -e "const body=JSON.stringify({a:'x'.repeat($size-8)});require('fs').writeFileSync('$work/post.lua','wrk.method=\"POST\"\nwrk.body='+JSON.stringify(body)+'\nwrk.headers[\"content-type\"]=\"application/json\"\n')"
  for process in $(seq 1 "$PROCESSES"); do
    taskset -c 1 "$DENO" run --allow-net "$work/serve.js" > "$work/out" 2> "$work/err" &
    server=$!
    for _ in $(seq 1 100); do grep -q listening "$work/out" 2>/dev/null && break; sleep 0.1; done
    port=$(awk '/listening/ {print $2}' "$work/out")
    # The CPU of the process that listens: node_modules/.bin/deno may be a launcher in front of it.
    pid=$(ss -ltnp | grep ":$port " | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
    for p in $PATHS; do taskset -c 0 wrk -t1 -c50 -d1s -s "$work/post.lua" "http://127.0.0.1:$port$p" > /dev/null; done
    declare -A cells=()
    for _ in $(seq 1 "$ROUNDS"); do
      for p in $PATHS; do
        before=$(cpu_of "$pid")
        requests=$(taskset -c 0 wrk -t1 -c50 -d2s -s "$work/post.lua" "http://127.0.0.1:$port$p" | awk '/requests in/ {print $1}')
        after=$(cpu_of "$pid")
        cells[$p]="${cells[$p]:-}$(awk "BEGIN {printf \"%.1f \", ($after - $before) * 10000 / $requests}")"
      done
    done
    kill "$pid" "$server" 2> /dev/null || true
    wait "$server" 2> /dev/null || true
    printf '| %s | %s |' "$size" "$process"; for p in $PATHS; do printf ' %s|' "${cells[$p]}"; done; echo
    unset cells
  done
done
