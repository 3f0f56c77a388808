#!/usr/bin/env bash
# Runs Kinema's libFuzzer targets for a set time.
#
#   Scripts/fuzz.sh [TARGET] [SECONDS] [-- extra libFuzzer flags]
#
# TARGET: images (PNG, JPEG and GIF decoding), paths (CGPath building and stroking), layers
# (byte-driven sequences of CGContext and CALayer calls), or all (each in turn, SECONDS each).
# SECONDS: default 60. Builds the target with -sanitize=fuzzer,address into its own scratch path
# (.build/fuzz), so the normal build is untouched, then fuzzes from the committed seed corpus
# (Tests/Fuzz/corpus/<format or target>/) with new inputs written to .build/fuzz/corpus-<target>/.
# Crashes land in .build/fuzz/artifacts/; replay one with the plain build, for example:
#   swift build --product KinemaFuzzLayers && .build/debug/KinemaFuzzLayers CRASH_FILE
# KINEMA_FUZZ_CONFIG=debug builds a debug fuzzer; KINEMA_FUZZ_NICE=19 runs it niced (the build too);
# KINEMA_FUZZ_NO_BUILD=1 skips the build (Scripts/ci-fuzz.sh builds once, then runs each).
# The exit status is libFuzzer's: 0 when the time ran out with no finding.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:-images}"
seconds="${2:-60}"
shift $(( $# > 2 ? 2 : $# ))
[[ "${1:-}" == "--" ]] && shift

if [[ "$target" == all ]]; then
    status=0
    for each in images paths layers; do
        "$0" "$each" "$seconds" -- "$@" || status=$?
    done
    exit "$status"
fi

case "$target" in
images) product=KinemaFuzzImages; seeds=(Tests/Fuzz/corpus/png Tests/Fuzz/corpus/jpeg Tests/Fuzz/corpus/gif) ;;
paths) product=KinemaFuzzPaths; seeds=(Tests/Fuzz/corpus/paths) ;;
layers) product=KinemaFuzzLayers; seeds=(Tests/Fuzz/corpus/layers) ;;
*) echo "unknown fuzz target '$target' (known: images, paths, layers, all)" >&2; exit 2 ;;
esac

scratch=.build/fuzz
config="${KINEMA_FUZZ_CONFIG:-release}"
niceness=(nice -n "${KINEMA_FUZZ_NICE:-0}")
if [[ -z "${KINEMA_FUZZ_NO_BUILD:-}" ]]; then
    "${niceness[@]}" swift build -c "$config" --scratch-path "$scratch" --product "$product" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DKINEMA_FUZZ \
        -Xcc -fsanitize=fuzzer-no-link,address
fi

# False leak reports of LeakSanitizer on Swift enums (each explained in the file).
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

work="$scratch/corpus-$target"
mkdir -p "$work" "$scratch/artifacts"
"${niceness[@]}" "$scratch/$config/$product" "$work" "${seeds[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$scratch/artifacts/$target-" -print_final_stats=1 "$@"
