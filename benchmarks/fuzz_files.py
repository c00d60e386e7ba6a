"""The loaders against many more hostile files than the test suite runs: `python benchmarks/fuzz_files.py [N]`.

Runs tests/files/test_fuzz.py with N cases per loader (default 5,000; the test suite runs 900) and prints how
many cases ran and how long it took: armies, catalogs and battles N each, autosaves 3/5 N, damaged battle journals
2/3 N (each resumed, continued and resumed again). A case that ends in anything but a loaded object or a
FileError fails the run: a bug to fix.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    cases = int(argv[0]) if argv else 5000
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", str(ROOT / "tests" / "files" / "test_fuzz.py"), "--durations=0"],
        cwd=ROOT,
        env={**os.environ, "WARBAND_FUZZ_CASES": str(cases)},
        check=False,
    )
    elapsed = time.perf_counter() - started
    total = 3 * cases + max(1, cases * 3 // 5) + max(1, cases * 2 // 3)
    print(
        f"{total} cases ({cases} per loader for armies, catalogs and battles, {max(1, cases * 3 // 5)} autosaves, "
        f"{max(1, cases * 2 // 3)} journals): {elapsed:.1f} s, exit {result.returncode}"
    )
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
