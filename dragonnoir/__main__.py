"""`python -m dragonnoir` is the same as the `dragonnoir` console script."""

import sys

from dragonnoir.cli import main

sys.exit(main())
