"""`python -m jupyterlab_modernizer ...`: the same command line as `jupyter modernizer`."""

import sys

from .cli import main

sys.exit(main())
