#!/usr/bin/env bash
# Installs or upgrades Haulbook on Debian 12+ / Ubuntu 22.04+ (x86-64). Run as root:
#
#   sudo ./install.sh ./haulbook-linux-x64
#
# from a folder holding this script and the rest of deploy/ (the units, the env
# example, haulbook-cli). If haulbook-linux-x64.sha256 sits beside the
# executable, the executable is checked against it first.
#
# Safe to run again: it never overwrites /etc/haulbook/haulbook.env, keeps the
# executable it replaces as /opt/haulbook/haulbook.previous, and restarts the
# shop if it was running (pending migrations then run at start).
set -euo pipefail

die() {
  echo "install.sh: $*" >&2
  exit 1
}

[[ $# -eq 1 ]] || die "usage: sudo $0 path/to/haulbook-linux-x64"
[[ $EUID -eq 0 ]] || die "run as root (sudo $0 $1)"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
binary=$1
[[ -f $binary ]] || die "no such file: $binary"
for file in haulbook.service haulbook-backup.service haulbook-backup.timer haulbook.env.example haulbook-cli; do
  [[ -f $here/$file ]] || die "missing $here/$file (run from a copy of the whole deploy/ folder)"
done

# --- The machine ---
[[ $(uname -m) == x86_64 ]] || die "the executable is for x86-64 Linux; this is $(uname -m)"
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}') || true
if [[ -n $glibc && $(printf '%s\n' 2.34 "$glibc" | sort -V | head -n1) != 2.34 ]]; then
  die "glibc $glibc is older than 2.34 (Debian 12 / Ubuntu 22.04): build with npm run release on this system"
fi
command -v systemctl >/dev/null || die "systemd is needed"

# --- The executable ---
if [[ -f $binary.sha256 ]]; then
  expected=$(awk '{print $1; exit}' "$binary.sha256")
  actual=$(sha256sum "$binary" | awk '{print $1}')
  [[ $expected == "$actual" ]] || die "$binary does not match $binary.sha256 (copy it again)"
  echo "checksum ok"
else
  echo "note: no $binary.sha256 beside the executable; checksum not checked"
fi

# --- User and folders ---
getent group haulbook >/dev/null || groupadd --system haulbook
if ! id -u haulbook >/dev/null 2>&1; then
  useradd --system --gid haulbook --home-dir /opt/haulbook --no-create-home \
    --shell /usr/sbin/nologin --comment "Haulbook shop" haulbook
fi
install -d -o root -g root -m 0755 /opt/haulbook
install -d -o haulbook -g haulbook -m 0700 /opt/haulbook/data /opt/haulbook/data/backups
install -d -o haulbook -g haulbook -m 0700 /var/cache/haulbook
install -d -o root -g haulbook -m 0750 /etc/haulbook

# Replace the executable by rename, so a running shop is never half-overwritten.
if [[ -f /opt/haulbook/haulbook ]] && ! cmp -s "$binary" /opt/haulbook/haulbook; then
  cp -p /opt/haulbook/haulbook /opt/haulbook/haulbook.previous
  echo "kept the old executable as /opt/haulbook/haulbook.previous"
fi
install -o root -g root -m 0755 "$binary" /opt/haulbook/haulbook.new
mv -f /opt/haulbook/haulbook.new /opt/haulbook/haulbook
echo "installed $(/opt/haulbook/haulbook --version 2>/dev/null || echo 'the executable') at /opt/haulbook/haulbook"

# --- Settings (never overwritten) ---
new_env=false
if [[ ! -e /etc/haulbook/haulbook.env ]]; then
  install -o root -g haulbook -m 0640 "$here/haulbook.env.example" /etc/haulbook/haulbook.env
  new_env=true
fi
install -o root -g root -m 0644 "$here/haulbook.env.example" /etc/haulbook/haulbook.env.example

# --- Units and the command helper ---
install -o root -g root -m 0644 \
  "$here/haulbook.service" "$here/haulbook-backup.service" "$here/haulbook-backup.timer" \
  /etc/systemd/system/
install -o root -g root -m 0755 "$here/haulbook-cli" /usr/local/bin/haulbook
systemctl daemon-reload
systemctl enable haulbook.service
systemctl enable --now haulbook-backup.timer

if $new_env; then
  cat <<MSG

Next:
  1. Edit /etc/haulbook/haulbook.env (PUBLIC_URL, business details, Stripe, SMTP).
  2. systemctl start haulbook
  3. journalctl -u haulbook   (the first staff password for "admin" is printed once)
  4. Put deploy/Caddyfile in /etc/caddy/Caddyfile with your domain; systemctl reload caddy
MSG
elif systemctl is-active --quiet haulbook; then
  systemctl restart haulbook
  echo "restarted haulbook; check it with: systemctl status haulbook && sudo haulbook check"
else
  echo "haulbook is not running; start it with: systemctl start haulbook"
fi
