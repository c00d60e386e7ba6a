"""The desktop bundle against the venv install: size on disk, and `warband --smoke` wall time, alternated.

    python benchmarks/bench_bundle.py [dist/warband-<version>-linux-x86_64.tar.gz] [--runs N]

Build the bundle first (`scripts/build-bundle.sh`). The bundle is unpacked in a temporary folder; the venv is the
one running this script (its `warband`). Both start with the same clean environment (no PYTHONPATH, a fresh
HOME, offscreen), one after the other, N times. The venv's size counts only what Warband needs at run time (its
requirements, recursively), not the development tools beside it. No targets: the figures go in the issue's note.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import importlib.util
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def runtime_size() -> int:
    """Bytes of the installed distributions Warband needs at run time (the files their RECORDs list), the same
    distributions whose licences the bundle carries (packaging/collect_licenses.py finds them)."""
    spec = importlib.util.spec_from_file_location("collect_licenses", ROOT / "packaging" / "collect_licenses.py")
    assert spec is not None and spec.loader is not None
    licences = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(licences)
    total = 0
    for name in licences.requirement_names("warband"):
        files = (Path(str(f.locate())) for f in metadata.distribution(name).files or [])
        total += sum(path.stat().st_size for path in files if path.is_file())
    return total


def smoke(program: Path, home: Path) -> float:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "LANG": "C.UTF-8"}
    start = time.perf_counter()
    subprocess.run([str(program), "--smoke"], env=env, capture_output=True, check=True, timeout=120)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    archive = args.archive or max(
        (ROOT / "dist").glob("warband-*-linux-*.tar.gz"), default=None, key=os.path.getmtime
    )
    if archive is None or not archive.is_file():
        print("no bundle: run scripts/build-bundle.sh first, or name the .tar.gz", file=sys.stderr)
        return 2
    venv_program = Path(sys.executable).parent / "warband"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        with tarfile.open(archive) as packed:
            packed.extractall(work / "unpacked", filter="tar")
        [bundle] = (work / "unpacked").iterdir()
        programs = {"bundle": bundle / "warband", "venv": venv_program}
        times: dict[str, list[float]] = {name: [] for name in programs}
        for name, program in programs.items():  # a first start of each, not counted (disk caches)
            smoke(program, work / f"home-{name}")
        for _ in range(args.runs):
            for name, program in programs.items():
                times[name].append(smoke(program, work / f"home-{name}"))
        print(f"Warband's desktop bundle against the venv install: {archive.name}, {args.runs} alternated runs")
        print(f"{'':34}{'median ms':>10}{'min–max ms':>18}")
        for name, runs in times.items():
            print(f"warband --smoke, {name:17}{statistics.median(runs):10.0f}{min(runs):9.0f}–{max(runs):.0f}")
        ratio = statistics.median(times["bundle"]) / statistics.median(times["venv"])
        print(f"bundle / venv start: {ratio:.2f}")
        mib = 1024 * 1024
        print(
            f"size: bundle {archive.stat().st_size / mib:.0f} MiB packed, "
            f"{folder_size(bundle) / mib:.0f} MiB unpacked;"
        )
        print(
            f"      venv: Warband and what it needs {runtime_size() / mib:.0f} MiB (the Python it runs on besides)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
