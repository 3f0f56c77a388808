#!/usr/bin/env bash
# Installs the peer renderers that `kinema bench` compares against, in two Python virtual
# environments, and prints the folder that holds them:
#
#   $KINEMA_PEERS_HOME/venv          Scripts/requirements.txt: skia-python, pycairo (builds against
#                                    libcairo2-dev), numpy, Pillow, and the reference scripts' mpmath
#                                    and scipy
#   $KINEMA_PEERS_HOME/venv-blend2d  Scripts/requirements-blend2d.txt: blend2d-python, numpy, Pillow
#                                    (apart: another binding on PyPI uses the same module name, `blend2d`)
#   $KINEMA_PEERS_HOME/venv-text     Scripts/requirements-text.txt: uharfbuzz, Pillow, pycairo, PyGObject
#                                    (the text references and the Pango text peer; PyGObject builds
#                                    against libgirepository1.0-dev and draws with gir1.2-pango-1.0)
#
# Versions are pinned in those files. KINEMA_PEERS_HOME defaults to ~/.cache/kinema-peers, which
# is where `kinema bench` and `kinema bench scene` look.
# Safe to run again: existing environments are kept and only brought up to date.
# Needs python3 with venv, and for pycairo the cairo headers and pkg-config (installed with apt
# when missing and running as root; otherwise it says what to install).
set -euo pipefail

scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
home=${KINEMA_PEERS_HOME:-$HOME/.cache/kinema-peers}
mkdir -p "$home"

need_apt=()
pkg-config --exists cairo 2>/dev/null || need_apt+=(libcairo2-dev pkg-config)
python3 -m venv --help >/dev/null 2>&1 || need_apt+=(python3-venv)
python3 -c 'import ensurepip' 2>/dev/null || need_apt+=(python3-venv)
pkg-config --exists gobject-introspection-1.0 2>/dev/null || need_apt+=(libgirepository1.0-dev)
[ -e /usr/lib/x86_64-linux-gnu/girepository-1.0/Pango-1.0.typelib ] || ls /usr/lib/*/girepository-1.0/Pango-1.0.typelib >/dev/null 2>&1 \
  || need_apt+=(gir1.2-pango-1.0)
if ((${#need_apt[@]})); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing ${need_apt[*]} with apt-get" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "please install: ${need_apt[*]} (Debian/Ubuntu package names), then run this again" >&2
    exit 1
  fi
fi

make_env() {  # folder, requirements file
  local folder=$1 requirements=$2
  [ -x "$folder/bin/python" ] || python3 -m venv "$folder"
  "$folder/bin/python" -m pip install --quiet --upgrade pip >/dev/null
  "$folder/bin/python" -m pip install --quiet -r "$requirements"
}

make_env "$home/venv" "$scripts/requirements.txt"
make_env "$home/venv-blend2d" "$scripts/requirements-blend2d.txt"
make_env "$home/venv-text" "$scripts/requirements-text.txt"

# A quick check that each renderer loads, so a broken install shows here, not mid-benchmark.
"$home/venv/bin/python" -c 'import skia, cairo; print("skia-python", skia.__version__, "/ pycairo", cairo.version)' >&2
"$home/venv-blend2d/bin/python" -c 'import blend2d; print("blend2d-python: Blend2D", blend2d.BL_VERSION)' >&2
"$home/venv-text/bin/python" -c 'import gi; gi.require_version("PangoCairo", "1.0"); from gi.repository import Pango, PangoCairo; import uharfbuzz, PIL; print("Pango", Pango.version_string(), "/ uharfbuzz", uharfbuzz.__version__, "/ Pillow", PIL.__version__)' >&2
echo "$home"
