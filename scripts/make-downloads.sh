#!/usr/bin/env bash
# Renders the free printables (scripts/downloads/*.html) to public/downloads/*.pdf with headless
# Chromium. The PDFs are committed; run this again after editing an HTML source.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROME="${CHROME_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROME" ]; then
  echo "Chromium not found at $CHROME (Debian: apt-get install -y chromium, or set CHROME_PATH)." >&2
  exit 1
fi

mkdir -p public/downloads
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

for source in scripts/downloads/*.html; do
  name=$(basename "$source" .html)
  out="public/downloads/$name.pdf"
  "$CHROME" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --no-pdf-header-footer \
    --print-to-pdf="$out" "file://$PWD/$source" 2>/dev/null
  echo "$out: $(wc -c <"$out") bytes"
done
