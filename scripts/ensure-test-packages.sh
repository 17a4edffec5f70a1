#!/usr/bin/env bash
# Debian packages the tests drive for real: Chromium for the browser tests (never a browser downloaded
# by a test tool), OpenLDAP's slapd with ldap-utils for the LDAP login tests, and MIT Kerberos for the
# GSSAPI tests: its KDC and kadmin.local, and libkrb5-dev, which the kerberos addon compiles against;
# Prometheus for the broker metrics tests (tests/stack/metrics/, `stack:up --metrics`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/sbin/slapd ] && [ -x /usr/sbin/slapadd ] || missing+=(slapd)
command -v ldapsearch >/dev/null 2>&1 || missing+=(ldap-utils)
[ -x /usr/sbin/krb5kdc ] && [ -x /usr/sbin/kdb5_util ] || missing+=(krb5-kdc)
[ -x /usr/sbin/kadmin.local ] || missing+=(krb5-admin-server)
[ -f /usr/include/gssapi/gssapi_krb5.h ] || missing+=(libkrb5-dev)
command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "missing test packages: run 'sudo apt-get install ${missing[*]}'" >&2
    exit 1
  fi
  echo "installing Debian packages for the tests: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # The packages' scripts would start system daemons the tests never use (slapd on port 389, a KDC and
  # kadmind with no realm, whose failed start fails kadmind's install, Prometheus on port 9090): a policy
  # that refuses them, for this install only, unless the machine has a policy of its own.
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# pnpm install leaves the optional kerberos addon unbuilt when libkrb5-dev was missing then, and never
# tries again: build it now (./dev runs this after the install, with the toolchain's pnpm on PATH).
server="$root/packages/server"
if [ -d "$server/node_modules/kerberos" ] && ! (cd "$server" && node -e 'require("kerberos")' 2>/dev/null); then
  echo "building the kerberos addon against libkrb5-dev" >&2
  (cd "$root" && pnpm --filter @console/server rebuild kerberos --reporter=silent) >&2
fi
