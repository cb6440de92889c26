"""The release workflow cannot run here; its structure is checked instead: it parses,
builds on the three systems (macOS on both processors), runs the tests and the built
binary's selftest, uploads the archives, and releases only from a tag."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "release.yml"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _runs(job: dict[str, Any]) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def _uses(job: dict[str, Any]) -> list[str]:
    return [step["uses"] for step in job["steps"] if "uses" in step]


def test_it_runs_on_version_tags(workflow: dict[Any, Any]) -> None:
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1: on = true
    assert triggers["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in triggers


def test_the_matrix_names_the_three_systems(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    assert build["runs-on"] == "${{ matrix.os }}"
    entries = build["strategy"]["matrix"]["include"]
    oses = [e["os"] for e in entries]
    assert any(o.startswith("windows-") for o in oses)
    assert any(o.startswith("ubuntu-") for o in oses)
    macs = [o for o in oses if o.startswith("macos-")]
    assert len(macs) == 2 and any("intel" in o for o in macs)  # arm64 and x86_64
    assert len({e["name"] for e in entries}) == len(entries)
    assert build["timeout-minutes"] <= 90


def test_each_build_installs_tests_builds_selftests_and_uploads(
    workflow: dict[Any, Any],
) -> None:
    build = workflow["jobs"]["build"]
    runs = _runs(build)
    assert "pip install -e '.[test,build]'" in runs
    assert "python -m pytest" in runs
    assert "python build/build.py --selftest --archive" in runs
    assert runs.count("--selftest") >= 4  # build.py, then each system's built program
    uses = _uses(build)
    assert any(u.startswith("actions/checkout@") for u in uses)
    assert any(u.startswith("actions/setup-python@") for u in uses)
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-"))
    assert upload["with"]["path"] == "dist/release/*"
    assert upload["with"]["if-no-files-found"] == "error"
    order = [s["name"] for s in build["steps"]]
    assert order.index("Run the tests") < order.index("Build the binary and run its selftest")


def test_the_release_comes_from_a_tag_after_every_build(workflow: dict[Any, Any]) -> None:
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert release["permissions"]["contents"] == "write"
    assert workflow["permissions"]["contents"] == "read"
    assert "gh release create" in _runs(release)


def test_the_workflow_matches_what_build_py_makes() -> None:
    """The paths the workflow names are the ones build.py writes."""
    from build_modules import bundle

    text = WORKFLOW.read_text(encoding="utf-8")
    assert f"dist/{bundle.DISPLAY_NAME}.app/Contents/MacOS/{bundle.APP_NAME}" in text
    assert f"dist/{bundle.APP_NAME}/{bundle.APP_NAME}.exe" in text
