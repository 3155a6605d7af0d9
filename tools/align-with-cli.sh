#!/usr/bin/env bash
# Raises every module in a tools/ module's build list to the version tools/pulumi-cli selects, when that
# is higher, then tidies. A package compiled for the CLI is then the very same compile action for the
# other module, so the Go build cache compiles it once (with the same flags: -trimpath). Modules under
# github.com/pulumi/ are left at the versions their dependants ask for. Run it after changing a pin:
#   bash tools/align-with-cli.sh tools/pulumi-language-yaml
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="$(cd "${1:?usage: align-with-cli.sh tools/<module>}" && pwd)"
cli="$(cd "$root/tools/pulumi-cli" && go list -m all)"
upgrades=()
while read -r path version _; do
  case "$path" in github.com/pulumi/*) continue ;; esac
  [ -n "${version:-}" ] || continue
  wanted="$(awk -v p="$path" '$1 == p { print $2 }' <<<"$cli")"
  [ -n "$wanted" ] && [ "$wanted" != "$version" ] || continue
  # Only upward: the CLI's build list may hold an older version than this module needs.
  [ "$(printf '%s\n%s\n' "$version" "$wanted" | sort -V | tail -n1)" = "$wanted" ] || continue
  upgrades+=("$path@$wanted")
done < <(cd "$target" && go list -m all)
cd "$target"
if [ "${#upgrades[@]}" -gt 0 ]; then go get "${upgrades[@]}"; fi
go mod tidy
echo "aligned $target: ${#upgrades[@]} modules raised to the CLI's versions" >&2
