# Sourced by ./dev: puts Node >= 22 and the pinned pnpm on PATH, then installs the locked dependencies.
# Node and pnpm come from the npm registry's `node` and `pnpm` packages into .cache/toolchain when the
# machine's own are older or missing; nothing is downloaded from anywhere else.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
toolchain="$root/.cache/toolchain"
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$root/package.json")"

node_is_recent() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=22)?0:1)'
}

if ! node_is_recent || [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  if [ ! -x "$toolchain/node_modules/.bin/pnpm" ] ||
    [ "$("$toolchain/node_modules/.bin/pnpm" --version 2>/dev/null)" != "$pnpm_version" ]; then
    echo "toolchain: installing node@22 and pnpm@$pnpm_version into .cache/toolchain" >&2
    mkdir -p "$toolchain"
    printf '{"private":true,"dependencies":{"node":"^22.22.0","pnpm":"%s"}}\n' "$pnpm_version" \
      >"$toolchain/package.json"
    npm install --prefix "$toolchain" --no-audit --no-fund --loglevel=error >&2
  fi
  export PATH="$toolchain/node_modules/.bin:$PATH"
  # The kerberos addon (packages/server, optional: SASL GSSAPI) compiles against the running Node's
  # headers, which node-gyp would download from nodejs.org; the registry's node package ships them.
  for headers in "$toolchain"/node_modules/node/node_modules/node-*/; do
    if [ -f "$headers/include/node/common.gypi" ]; then export npm_config_nodedir="${headers%/}"; fi
  done
fi
node_is_recent || { echo "toolchain: Node >= 22.22 is required and could not be installed" >&2; exit 1; }

(cd "$root" && pnpm install --frozen-lockfile --reporter=silent) >&2
