#!/usr/bin/env bash
# The public surface of `import Kinema` (docs/ARCHITECTURE.md, "The public surface"), checked
# against the package's debug build:
#   1. Scripts/public-surface/UsesTheSurface.swift — Apple's names and the listed Kinema types,
#      with only `import Kinema` — type-checks;
#   2. a program naming the engine's own types with only `import Kinema` does not: each must be
#      "not in scope" (they are importable from their own modules, never from the umbrella).
# Run from anywhere after `swift build`: bash Scripts/check-public-surface.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "check-public-surface: no debug build at $bin (run swift build)" >&2; exit 1; }
flags=(-swift-version 6 -I "$bin/Modules")
for map in "$bin"/*.build/module.modulemap Sources/C*/module.modulemap; do
  flags+=(-Xcc "-fmodule-map-file=$PWD/${map#"$PWD/"}")
done
# The text libraries' headers live in their own folders (ft2build.h in freetype2/, hb.h in harfbuzz/).
for cflag in $(pkg-config --cflags-only-I fontconfig freetype2 harfbuzz icu-uc); do
  flags+=(-Xcc "$cflag")
done

swiftc -typecheck "${flags[@]}" Scripts/public-surface/UsesTheSurface.swift
echo "public surface: Apple's names and the listed Kinema types are in scope"

# Engine names that must stay out of `import Kinema` (one per engine module at least).
hidden=(Path StrokeStyle Quaternion TransformInterpolation DecomposedTransform3D Spring MediaTiming
        CubicBezierTimingCurve RasterPath ScanConverter BlendMode PNGEncoder GIFDecoder LayerState
        RenderServer Compositor CompositeLayer SplitMix64 LockedValue TextFont StyledText TextLayoutEngine FontDatabase Shaper)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "import Kinema"
  for name in "${hidden[@]}"; do echo "let _ = $name.self"; done
} > "$work/NamesTheEngine.swift"
if swiftc -typecheck "${flags[@]}" "$work/NamesTheEngine.swift" > "$work/log" 2>&1; then
  echo "check-public-surface: engine types are visible through import Kinema" >&2
  exit 1
fi
leaked=0
for name in "${hidden[@]}"; do
  if ! grep -q "cannot find '$name' in scope" "$work/log"; then
    echo "check-public-surface: $name is visible through import Kinema" >&2
    leaked=1
  fi
done
[ "$leaked" = 0 ] || { cat "$work/log" >&2; exit 1; }
echo "public surface: ${#hidden[@]} engine types stay out of import Kinema"
