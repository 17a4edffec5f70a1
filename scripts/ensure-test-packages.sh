#!/usr/bin/env bash
# Debian packages the tests drive for real: Chromium for the browser tests (never a browser downloaded
# by a test tool) and OpenLDAP's slapd with ldap-utils for the LDAP login tests.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/sbin/slapd ] && [ -x /usr/sbin/slapadd ] || missing+=(slapd)
command -v ldapsearch >/dev/null 2>&1 || missing+=(ldap-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing test packages: run 'sudo apt-get install ${missing[*]}'" >&2
  exit 1
fi
echo "installing Debian packages for the tests: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
# slapd's package may start a system daemon on port 389; the tests run their own on a free port.
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
