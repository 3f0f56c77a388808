#!/usr/bin/env bash
# Installs the Python packages the reference scripts under Scripts/references/ use.
# The references they write are committed, so tests and CI do not need these; run this only to
# regenerate them: `bash Scripts/setup-reference-tools.sh && python3 Scripts/references/<name>.py`.
set -euo pipefail
python3 -m pip install --quiet "mpmath==1.3.0" "numpy==2.4.6" "scipy==1.17.1"
python3 -c "import mpmath, numpy, scipy; print('mpmath', mpmath.__version__, 'numpy', numpy.__version__, 'scipy', scipy.__version__)"
