#!/usr/bin/env bash
# Usage: scripts/subset-package.sh DIR
# Lays out DIR/Tool, a view of the tool package for `make sanitize` and `make fuzz` (issue 18): a
# copy of Tool/Package.swift (trimmed there by TAPEDECK_SUBSET) and of its Package.resolved (the
# same dependency versions as the main build), everything else through symlinks; DIR itself holds
# symlinks to the repository's root entries, so the view's `..` is the runtime package and the
# Recordings, docs and Protocol folders tests find above their #filePath. SwiftPM resolves and
# rewrites the Package.resolved beside the manifest it builds; building the trimmed package in
# place would drop every pin it does not need from the shared one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
view="$1/Tool"
mkdir -p "$view"
for entry in "$root"/*; do
    name="$(basename "$entry")"
    case "$name" in Tool) ;; *) ln -sfn "$entry" "$1/$name" ;; esac
done
cp "$root/Tool/Package.swift" "$view/Package.swift"
if [ -f "$root/Tool/Package.resolved" ]; then cp "$root/Tool/Package.resolved" "$view/Package.resolved"; fi
for entry in "$root"/Tool/*; do
    name="$(basename "$entry")"
    case "$name" in Package.swift | Package.resolved) ;; *) ln -sfn "$entry" "$view/$name" ;; esac
done
