#!/usr/bin/env bash
# How much of `duplicates --repo src` is repeated code, and how much is what the tool cannot tell apart from it.
# Prints four counts for the checkout given (default: this one): the raw report; the applied migrations alone
# (history, never edited once run); the report with each multi-line import read as one line (the tool passes
# over import lines, but Prettier splits a long import into one line per name); and both together. Then the pairs
# of that last view which the tool does not mark boilerplate, one a line, for review. Needs `duplicates` on PATH.
set -euo pipefail
checkout=${1:-.}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() { duplicates --repo "$1" --seconds 120 --most 1 | head -1; }

cp -r "$checkout/src" "$work/src"
echo "raw:                        $(count "$checkout/src")"
echo "applied migrations alone:   $(count "$checkout/src/database/migrations")"
python3 - "$work/src" <<'PY'
import os, re, sys
multi_line_import = re.compile(r'^((?:import|export)(?: type)? )\{\n((?:[^\n]*\n)*?)\} from ([^\n]+)$', re.M)
def one_line(m):
    names = ' '.join(part.strip() for part in m.group(2).split('\n') if part.strip())
    return f'{m.group(1)}{{ {names} }} from {m.group(3)}'
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(('.ts', '.tsx')):
            path = os.path.join(root, name)
            text = open(path).read()
            joined = multi_line_import.sub(one_line, text)
            if joined != text:
                open(path, 'w').write(joined)
PY
echo "imports as one line:        $(count "$work/src")"
rm -rf "$work/src/database/migrations"
echo "both (code outside history): $(count "$work/src")"
echo "not marked boilerplate in that view:"
duplicates --repo "$work/src" --seconds 120 --most 200 | sed 1d | grep -v boilerplate | grep '^D' || true
