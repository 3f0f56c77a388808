#!/usr/bin/env bash
# Installs the Python packages the reference scripts under Scripts/references/ use: the pinned
# Scripts/requirements.txt, in the same environment as the benchmark peers
# (~/.cache/kinema-peers/venv, or $KINEMA_PEERS_HOME/venv), which Scripts/bench/setup-peers.sh makes.
# The references they write are committed, so tests and CI do not need these; run this only to
# regenerate them:
#   bash Scripts/setup-reference-tools.sh
#   ~/.cache/kinema-peers/venv/bin/python Scripts/references/<name>.py
# except references/text_references.py, which runs in ~/.cache/kinema-peers/venv-text
# (Scripts/requirements-text.txt: uharfbuzz, Pillow with libraqm), made by the same script.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
home=$(bash "$here/bench/setup-peers.sh")
"$home/venv/bin/python" -c "import mpmath, numpy, scipy; print('mpmath', mpmath.__version__, 'numpy', numpy.__version__, 'scipy', scipy.__version__)"
"$home/venv-text/bin/python" -c "import uharfbuzz, PIL.features as f; print('uharfbuzz', uharfbuzz.__version__, 'raqm', f.version('raqm'))"
echo "run the reference scripts with $home/venv/bin/python (text_references.py: $home/venv-text/bin/python)"
