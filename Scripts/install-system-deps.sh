#!/usr/bin/env bash
# Installs the C libraries Kinema builds against (headers + pkg-config files), if missing.
# Debian/Ubuntu names; needs root (CI runs as root). Safe to run repeatedly.
set -euo pipefail
if ! pkg-config --exists libpng libjpeg 2>/dev/null; then
  echo "installing libpng-dev, libjpeg62-turbo-dev, pkg-config" >&2
  apt-get update -qq
  apt-get install -y -qq libpng-dev libjpeg62-turbo-dev pkg-config >/dev/null
fi
# The text stack (docs/TEXT.md, docs/DEPENDENCIES.md): fontconfig, FreeType, HarfBuzz, ICU; and
# unicode-data, whose LineBreakTest.txt the line-breaking tests run (the tests say so and fail
# without it).
if ! pkg-config --exists fontconfig freetype2 harfbuzz icu-uc 2>/dev/null || [ ! -f /usr/share/unicode/auxiliary/LineBreakTest.txt ]; then
  echo "installing libfontconfig-dev, libfreetype-dev, libharfbuzz-dev, libicu-dev, unicode-data" >&2
  apt-get update -qq
  apt-get install -y -qq libfontconfig-dev libfreetype-dev libharfbuzz-dev libicu-dev unicode-data >/dev/null
fi
# ffmpeg (and ffprobe): the video FrameSink pipes frames into it; the video tests run it.
# Not needed to build. Set KINEMA_SKIP_FFMPEG=1 to leave it out.
if [ "${KINEMA_SKIP_FFMPEG:-0}" != "1" ] && ! command -v ffmpeg >/dev/null 2>&1; then
  echo "installing ffmpeg" >&2
  apt-get update -qq
  apt-get install -y -qq ffmpeg >/dev/null
fi
