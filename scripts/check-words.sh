#!/usr/bin/env bash
# The tree explains itself: no file points at an issue tracker a clone does not
# have (the word "issue" and a number), and every document a file names (foo.md, the
# original "SPEC") is in the repository. Run by `make test`; prints each
# offending line and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

# Generated or vendored files, and this script (which must name what it forbids).
exclude=(':!web/package-lock.json' ':!scripts/check-words.sh')
failed=0

if git grep -n -I -i -E '\bissues? ?#?[0-9]+' -- . "${exclude[@]}"; then
  echo "check-words: say what the thing is instead of pointing at an issue number (lines above)" >&2
  failed=1
fi

if git grep -n -I -E '\bSPEC\b' -- . "${exclude[@]}"; then
  echo "check-words: 'SPEC' is not a document of this repository (lines above)" >&2
  failed=1
fi

# Every name ending in .md must resolve: next to the file that names it, from the
# repository's root, or in docs/. Web addresses are not documents of the tree.
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  name=${rest#*:}
  dir=$(dirname "$file")
  if [ -e "$dir/$name" ] || [ -e "$name" ] || [ -e "docs/$name" ] || [ -e "docs/${name#docs/}" ]; then
    continue
  fi
  echo "$file:$line: names $name, which is not in the repository"
  failed=1
done < <(git grep -n -I -o -E '[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b' -- . "${exclude[@]}" \
  | grep -v -E ':[0-9]+:(https?:)?//' | grep -v -E ':[0-9]+:[^:]*(https?://|www\.)' || true)

if [ "$failed" != 0 ]; then
  echo "check-words: failed" >&2
  exit 1
fi
echo "check-words: no issue numbers, every named document exists"
