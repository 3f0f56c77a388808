#!/usr/bin/env bash
# CI's fuzzing step (issue 19): builds the three libFuzzer targets (images, paths, layers;
# -sanitize=fuzzer,address, scratch path .build/fuzz; debug by default, because a debug build of
# the three takes about a minute where a release one takes many), then runs each for SECONDS
# (default 60) from the committed seed corpora, all three at once (CI's budget). Fails
# if any target reports a crash, leak, hang (a unit over 150 s) or out-of-memory (libFuzzer exits non-zero and
# writes the input to .build/fuzz/artifacts/). Each run's output goes to
# .build/fuzz/logs/TARGET.log; its final statistics (and, on a finding, the log's end) are printed.
#
#   Scripts/ci-fuzz.sh [SECONDS]
#
# KINEMA_FUZZ_CONFIG=release builds release fuzzers; KINEMA_FUZZ_JOBS=N runs N at once.
# Cost on this 2-core machine (clean scratch path): see docs/RELIABILITY.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
config="${KINEMA_FUZZ_CONFIG:-debug}"
jobs="${KINEMA_FUZZ_JOBS:-3}"
targets=(images paths layers)

# SwiftPM builds one product an invocation; the second and third reuse the first's modules.
for product in KinemaFuzzImages KinemaFuzzPaths KinemaFuzzLayers; do
    printf '\n--> building %s (%s, %s)\n' "$product" "$config" "$(date -u +%H:%M:%S)"
    swift build -c "$config" --scratch-path .build/fuzz --product "$product" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DKINEMA_FUZZ \
        -Xcc -fsanitize=fuzzer-no-link,address
done

logs=.build/fuzz/logs
mkdir -p "$logs"
declare -A pids=()
failed=()

# Waits for the first running target to end and records whether it found anything.
reap() {
    local target
    for target in "${!pids[@]}"; do
        if ! kill -0 "${pids[$target]}" 2>/dev/null; then
            if ! wait "${pids[$target]}"; then failed+=("$target"); fi
            unset "pids[$target]"
            printf '\n--> %s ended (%s)\n' "$target" "$(date -u +%H:%M:%S)"
            grep '^stat::' "$logs/$target.log" || true
            return
        fi
    done
    sleep 1
}

for target in "${targets[@]}"; do
    while (( ${#pids[@]} >= jobs )); do reap; done
    printf '\n--> fuzzing %s for %s s (%s; log %s)\n' "$target" "$seconds" "$(date -u +%H:%M:%S)" "$logs/$target.log"
    # CI fails on crashes, leaks, out-of-memory and hangs; a unit is a hang after 150 s, not
    # fuzz.sh's 10. Slow-but-bounded inputs are for long runs to report: the sanitized debug
    # fuzzers share the cores here, a 0.5–3 s input took over 10 s in a loaded run, and the
    # known open cost of nested large shadows takes about 2 minutes (docs/RELIABILITY.md).
    KINEMA_FUZZ_NO_BUILD=1 KINEMA_FUZZ_CONFIG="$config" bash Scripts/fuzz.sh "$target" "$seconds" -- -timeout=150 \
        >"$logs/$target.log" 2>&1 &
    pids[$target]=$!
done
while (( ${#pids[@]} > 0 )); do reap; done

if (( ${#failed[@]} > 0 )); then
    for target in "${failed[@]}"; do
        echo "--- the end of $logs/$target.log:" >&2
        tail -n 60 "$logs/$target.log" >&2
    done
    echo "fuzzing found a problem in: ${failed[*]} (inputs in .build/fuzz/artifacts/)" >&2
    ls -l .build/fuzz/artifacts/ >&2 || true
    exit 1
fi
echo "fuzzing: no findings in ${targets[*]} (${seconds} s each, ${jobs} at once, ${config} build)"
