#!/usr/bin/env bash
# Runs a libFuzzer target of Kinema for a set time.
#
#   Scripts/fuzz.sh [TARGET] [SECONDS] [-- extra libFuzzer flags]
#
# TARGET: images (PNG, JPEG and GIF decoding; the only target so far). SECONDS: default 60.
# Builds the target with -sanitize=fuzzer,address into its own scratch path (.build/fuzz), so
# the normal build is untouched, then fuzzes from the committed seed corpus
# (Tests/Fuzz/corpus/<format>/) with new inputs written to .build/fuzz/corpus-<target>/.
# Crashes land in .build/fuzz/artifacts/; replay one with the plain build:
#   swift build --product KinemaFuzzImages && .build/debug/KinemaFuzzImages CRASH_FILE
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:-images}"
seconds="${2:-60}"
shift $(( $# > 2 ? 2 : $# ))
[[ "${1:-}" == "--" ]] && shift

case "$target" in
images) product=KinemaFuzzImages; seeds=(Tests/Fuzz/corpus/png Tests/Fuzz/corpus/jpeg Tests/Fuzz/corpus/gif) ;;
*) echo "unknown fuzz target '$target' (known: images)" >&2; exit 2 ;;
esac

scratch=.build/fuzz
config="${KINEMA_FUZZ_CONFIG:-release}"
swift build -c "$config" --scratch-path "$scratch" --product "$product" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DKINEMA_FUZZ \
    -Xcc -fsanitize=fuzzer-no-link,address

work="$scratch/corpus-$target"
mkdir -p "$work" "$scratch/artifacts"
"$scratch/$config/$product" "$work" "${seeds[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 "$@"
