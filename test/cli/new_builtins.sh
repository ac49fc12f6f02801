#!/usr/bin/env bash
# scripts/new_builtins.py lists the builtins a newer warp-lang has that an
# older one lacks, each with its signatures and whether warpc's registry has
# it, leaving out the out-of-scope families (here from two JSON dumps, so no
# second warp-lang is needed).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > old.json <<'J'
{"sin": {"group": "Scalar Math", "hidden": false, "diff": true, "sigs": ["(x: Float) -> Float"], "version": "1.0"}}
J
cat > new.json <<'J'
{"sin": {"group": "Scalar Math", "hidden": false, "diff": true, "sigs": ["(x: Float) -> Float"], "version": "2.0"},
 "quat_twist": {"group": "Quaternion Math", "hidden": false, "diff": true, "sigs": ["(axis: vec3f, q: quatf)"], "version": "2.0"},
 "zz_new_thing": {"group": "Utility", "hidden": false, "diff": false, "sigs": ["(x: int32)"], "version": "2.0"},
 "tile_new_thing": {"group": "Tile Primitives", "hidden": false, "diff": true, "sigs": ["(t: Tile)"], "version": "2.0"},
 "texture_new_query": {"group": "Geometry", "hidden": false, "diff": false, "sigs": ["(id: uint64)"], "version": "2.0"}}
J
python3 "$root/scripts/new_builtins.py" --warpc "$warpc" --old-json old.json --new-json new.json > out.txt ||
  fail "new_builtins.py failed"
cat out.txt
grep -q '^# builtins in warp-lang 2.0 and not in 1.0' out.txt || fail "no heading"
grep -q '^quat_twist  \[Quaternion Math\]  warpc: yes (grad)' out.txt || fail "quat_twist not found in warpc"
grep -q '^    quat_twist(axis: vec3f, q: quatf)' out.txt || fail "no signature"
grep -q '^zz_new_thing  \[Utility\] nondiff  warpc: MISSING' out.txt || fail "zz_new_thing not missing"
grep -q '^sin ' out.txt && fail "sin is in both"
grep -q '^tile_new_thing\|^texture_new_query' out.txt && fail "out-of-scope families listed"
grep -q '^# 2 listed, 1 missing from warpc; 2 out of scope skipped' out.txt || fail "summary"
python3 "$root/scripts/new_builtins.py" --warpc "$warpc" --old-json old.json --new-json new.json --missing > m.txt
grep -q '^quat_twist' m.txt && fail "--missing lists a builtin warpc has"
grep -q '^zz_new_thing' m.txt || fail "--missing"
echo ok
