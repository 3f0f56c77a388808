#!/usr/bin/env bash
# Installs the C libraries Kinema builds against (headers + pkg-config files), if missing.
# Debian/Ubuntu names; needs root (CI runs as root). Safe to run repeatedly.
set -euo pipefail
if pkg-config --exists libpng libjpeg 2>/dev/null; then
  exit 0
fi
echo "installing libpng-dev, libjpeg62-turbo-dev, pkg-config" >&2
apt-get update -qq
apt-get install -y -qq libpng-dev libjpeg62-turbo-dev pkg-config >/dev/null
