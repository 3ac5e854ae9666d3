#!/usr/bin/env bash
# Usage: scripts/subset-package.sh DIR
# Lays out DIR/package, a view of this package for `make sanitize` and `make fuzz` (issue 18): a
# copy of Package.swift (trimmed there by TAPEDECK_SUBSET) and of Package.resolved (the same
# dependency versions as the main build), everything else (Sources, Tests, Fuzz, and the
# Recordings, docs and Protocol folders tests find beside their #filePath) through symlinks. SwiftPM resolves and
# rewrites the Package.resolved beside the manifest it builds; building the trimmed package from
# the root would drop every pin it does not need from the shared one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
view="$1/package"
mkdir -p "$view"
cp "$root/Package.swift" "$view/Package.swift"
if [ -f "$root/Package.resolved" ]; then cp "$root/Package.resolved" "$view/Package.resolved"; fi
for entry in "$root"/*; do
    name="$(basename "$entry")"
    case "$name" in Package.swift | Package.resolved) ;; *) ln -sfn "$entry" "$view/$name" ;; esac
done
