#!/usr/bin/env bash
# CI's fuzzing step (issue 19): builds the three libFuzzer targets once (images, paths, layers;
# -sanitize=fuzzer,address, release, scratch path .build/fuzz), then runs each for SECONDS
# (default 60) from the committed seed corpora. Fails if any target reports a crash, leak,
# timeout or out-of-memory (libFuzzer exits non-zero and writes the input to .build/fuzz/artifacts/).
#
#   Scripts/ci-fuzz.sh [SECONDS]
#
# Cost on this 2-core machine (clean scratch path): see docs/RELIABILITY.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
config="${KINEMA_FUZZ_CONFIG:-release}"

# SwiftPM builds one product an invocation; the second and third reuse the first's modules.
for product in KinemaFuzzImages KinemaFuzzPaths KinemaFuzzLayers; do
    printf '\n--> building %s (%s)\n' "$product" "$(date -u +%H:%M:%S)"
    swift build -c "$config" --scratch-path .build/fuzz --product "$product" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DKINEMA_FUZZ \
        -Xcc -fsanitize=fuzzer-no-link,address
done

failed=()
for target in images paths layers; do
    printf '\n--> fuzzing %s for %s s (%s)\n' "$target" "$seconds" "$(date -u +%H:%M:%S)"
    if ! KINEMA_FUZZ_NO_BUILD=1 bash Scripts/fuzz.sh "$target" "$seconds"; then
        failed+=("$target")
    fi
done

if (( ${#failed[@]} > 0 )); then
    echo "fuzzing found a problem in: ${failed[*]} (inputs in .build/fuzz/artifacts/)" >&2
    ls -l .build/fuzz/artifacts/ >&2 || true
    exit 1
fi
echo "fuzzing: no findings in images, paths, layers (${seconds} s each)"
