#!/usr/bin/env python3
# The symbol-graph half of Scripts/check-docs.sh (run that, not this).
#   merge KINEMA_GRAPH MODULES_DIR — swift-symbolgraph-extract drops, from a re-exported type, the
#       members declared in extensions; this adds them (and their relationships) from the
#       re-exported modules' own graphs, so DocC and the check below see the whole surface.
#   check KINEMA_GRAPH — lists public symbols without a doc comment, per source module; fails
#       when a module in COMPLETE has any.
# Audited against: the Swift symbol graph format (swift-docc-symbolkit: symbols, relationships,
#   docComment, location) as emitted by Swift 6.3's swift-symbolgraph-extract.
# Status: the extractor already copies a protocol's or superclass's doc comment onto members that
#   implement or override it (so they count as documented); on top of that this skips overrides
#   of Foundation's NSObject (`override init()`, not related in the graph) and members named like
#   a standard protocol requirement (`description`, `hash(into:)` …). Not a full requirement matcher.
import json
import os
import sys
from collections import defaultdict

# Modules whose every public symbol reachable through `import Kinema` has a doc comment; a
# missing one fails CI. Add a module here once its count reaches 0.
COMPLETE = {"KinemaStage", "KinemaSupport", "KinemaTiming", "KinemaRaster", "OpenCoreGraphics", "OpenUIKit",
            "OpenQuartzCore", "KinemaImageIO"}

# Requirements of standard-library and Foundation protocols: their implementations get the
# protocol's documentation, as DocC shows them.
STANDARD_REQUIREMENTS = {
    "description", "debugDescription", "hash(into:)", "hashValue", "==(_:_:)", "!=(_:_:)",
    "<(_:_:)", "encode(to:)", "init(from:)", "rawValue", "init(rawValue:)", "id", "allCases",
    "makeIterator()", "next()", "startIndex", "endIndex", "index(after:)", "index(before:)",
    "subscript(_:)", "count", "init(integerLiteral:)", "init(floatLiteral:)",
    "init(stringLiteral:)", "init(arrayLiteral:)", "init(dictionaryLiteral:)",
    "errorDescription", "localizedDescription", "customMirror",
}

MEMBER_KINDS = ("memberOf", "optionalMemberOf")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def merge(kinema_path, modules_dir):
    graph = load(kinema_path)
    present = {s["identifier"]["precise"] for s in graph["symbols"]}
    candidates, relationships = {}, []
    for name in sorted(os.listdir(modules_dir)):
        if name.endswith(".symbols.json") and "@" not in name:
            module = load(os.path.join(modules_dir, name))
            for symbol in module["symbols"]:
                candidates[symbol["identifier"]["precise"]] = symbol
            relationships += module["relationships"]
    parent = {r["source"]: r["target"] for r in relationships if r["kind"] in MEMBER_KINDS}
    added = set()
    changed = True
    while changed:  # nested members: a member's member joins once its parent has
        changed = False
        for precise, symbol in candidates.items():
            if precise not in present and parent.get(precise) in present:
                graph["symbols"].append(symbol)
                present.add(precise)
                added.add(precise)
                changed = True
    known = {(r["source"], r["target"], r["kind"]) for r in graph["relationships"]}
    for r in relationships:
        if r["source"] in added and (r["source"], r["target"], r["kind"]) not in known:
            graph["relationships"].append(r)
    with open(kinema_path, "w", encoding="utf-8") as f:
        json.dump(graph, f)
    print(f"docs: {len(added)} extension members added to the Kinema symbol graph")


def module_of(symbol):
    uri = symbol.get("location", {}).get("uri", "")
    parts = uri.split("/Sources/")
    return parts[-1].split("/")[0] if len(parts) > 1 else "(no location)"


def check(kinema_path):
    folder = os.path.dirname(kinema_path)
    symbols, relationships = [], []
    for name in sorted(os.listdir(folder)):  # Kinema.symbols.json and Kinema@Foundation… (extensions)
        if name.startswith("Kinema") and name.endswith(".symbols.json"):
            graph = load(os.path.join(folder, name))
            symbols += graph["symbols"]
            relationships += graph["relationships"]
    by_id = {s["identifier"]["precise"]: s for s in symbols}
    parent = {r["source"]: r["target"] for r in relationships if r["kind"] in MEMBER_KINDS}
    overrides = {r["source"] for r in relationships if r["kind"] == "overrides"}
    requirements = defaultdict(set)  # protocol → requirement names (protocols in the graph)
    for r in relationships:
        if r["kind"] in ("requirementOf", "optionalRequirementOf") and r["source"] in by_id:
            requirements[r["target"]].add(by_id[r["source"]]["names"]["title"])
    conformances = defaultdict(set)
    for r in relationships:
        if r["kind"] == "conformsTo":
            conformances[r["source"]].add(r["target"])
    missing = defaultdict(list)
    for symbol in symbols:
        precise = symbol["identifier"]["precise"]
        doc = symbol.get("docComment", {}).get("lines", [])
        if any(line["text"].strip() for line in doc):
            continue
        title = symbol["names"]["title"]
        keywords = {f["spelling"] for f in symbol.get("declarationFragments", []) if f["kind"] == "keyword"}
        if precise in overrides or "override" in keywords or title in STANDARD_REQUIREMENTS:
            continue
        owner = parent.get(precise)
        if owner and any(title in requirements[p] for p in conformances[owner]):
            continue
        path = ".".join(symbol["pathComponents"])
        missing[module_of(symbol)].append(path)
    failed = False
    modules = sorted(m for m in set(module_of(s) for s in symbols) | set(missing) if m != "(no location)" or missing[m])
    print("public symbols of `import Kinema` without a doc comment, by module:")
    for module in modules:
        count = len(missing[module])
        state = "complete" if module in COMPLETE else "not yet required"
        print(f"  {module}: {count} ({state})")
        if module in COMPLETE and count:
            failed = True
            for path in sorted(missing[module]):
                print(f"    missing: {path}")
    if "-v" in sys.argv:
        for module in modules:
            for path in sorted(missing[module]):
                print(f"{module}\t{path}")
    if failed:
        print("check-docs: add a /// comment to the symbols above", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if sys.argv[1:2] == ["merge"]:
        merge(sys.argv[2], sys.argv[3])
    elif sys.argv[1:2] == ["check"]:
        check(sys.argv[2])
    else:
        sys.exit("usage: docs-symbols.py merge KINEMA_GRAPH MODULES_DIR | check KINEMA_GRAPH [-v]")
