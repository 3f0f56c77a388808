#!/usr/bin/env bash
# The DocC documentation of `import Kinema`, built and checked against the package's debug build:
#   1. the symbol graph of the umbrella module Kinema — what `import Kinema` brings (Apple's names
#      and the listed Kinema types) — extracted with swift-symbolgraph-extract from the modules the
#      build already made (no rebuild; ≈ 5 s), then completed with the members those types get in
#      extensions (Scripts/docs-symbols.py: the extractor drops re-exported extension members);
#   2. `docc convert` of Sources/Kinema/Kinema.docc over it with --warnings-as-errors: every
#      ``symbol`` link in the articles and doc comments must resolve;
#   3. every public symbol of that surface has a doc comment (Scripts/docs-symbols.py, which skips
#      overrides, protocol requirements' implementations and synthesized members, whose docs DocC
#      inherits). Missing comments fail the check only in the modules listed as complete there;
#      the others are listed with their counts.
# Run from anywhere after `swift build`: bash Scripts/check-docs.sh
# The archive is left at .build/kinema-docs/Kinema.doccarchive (`docc preview` serves it; the
# plugin can use the same graph: swift package generate-documentation --target Kinema
# --additional-symbol-graph-dir .build/kinema-docs/symbol-graphs).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "check-docs: no debug build at $bin (run swift build)" >&2; exit 1; }
flags=(-target "$(uname -m)-unknown-linux-gnu" -I "$bin/Modules" -module-cache-path "$bin/ModuleCache"
       -minimum-access-level public -skip-synthesized-members)
for map in "$bin"/*.build/module.modulemap Sources/C*/module.modulemap; do
  flags+=(-Xcc "-fmodule-map-file=$PWD/${map#"$PWD/"}")
done
for cflag in $(pkg-config --cflags-only-I fontconfig freetype2 harfbuzz icu-uc libpng); do
  flags+=(-Xcc "$cflag")
done

out=.build/kinema-docs
rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/modules"
# The modules Sources/Kinema/Exports.swift re-exports (whole or by name).
reexported=OpenCoreGraphics,OpenQuartzCore,OpenUIKit,KinemaStage,KinemaTiming,KinemaRaster,KinemaImageIO,KinemaSupport
swift-symbolgraph-extract -module-name Kinema "${flags[@]}" \
  "-experimental-allowed-reexported-modules=$reexported" -output-dir "$out/symbol-graphs"
for module in ${reexported//,/ }; do
  swift-symbolgraph-extract -module-name "$module" "${flags[@]}" -output-dir "$out/modules"
done
python3 Scripts/docs-symbols.py merge "$out/symbol-graphs/Kinema.symbols.json" "$out/modules"

docc convert Sources/Kinema/Kinema.docc --additional-symbol-graph-dir "$out/symbol-graphs" \
  --output-path "$out/Kinema.doccarchive" --fallback-display-name Kinema \
  --fallback-bundle-identifier org.kinema.Kinema --warnings-as-errors > "$out/docc.log" 2>&1 || {
  cat "$out/docc.log" >&2
  echo "check-docs: docc convert failed (warnings are errors)" >&2
  exit 1
}
echo "docs: Kinema.doccarchive built without warnings"

python3 Scripts/docs-symbols.py check "$out/symbol-graphs/Kinema.symbols.json"
