"""Packaging: the concordia.dev bootstrap (fast) and a real PyInstaller build (slow)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from concordia import dev
from concordia.about import APP_NAME
from concordia.smoke import SUMMARY_PREFIX

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fake_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Point concordia.dev at a throw-away checkout with an existing venv; record pip calls."""
    venv_dir = tmp_path / ".venv"
    monkeypatch.setattr(dev, "VENV_DIR", venv_dir)
    monkeypatch.setattr(dev, "STAMP", venv_dir / "stamp")
    monkeypatch.setattr(dev, "PYPROJECT", tmp_path / "pyproject.toml")
    dev.PYPROJECT.write_text("[project]\nname = 'x'\n", encoding="utf-8")
    dev.venv_python().parent.mkdir(parents=True)
    dev.venv_python().touch()

    calls: list[list[str]] = []

    def fake_run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(subprocess, "run", fake_run)
    return calls


def test_dev_installs_again_only_when_pyproject_changes(fake_checkout: list[list[str]]) -> None:
    dev.ensure_venv()
    assert len(fake_checkout) == 1
    assert fake_checkout[0][1:] == [
        "-m", "pip", "install", "--disable-pip-version-check", "-e", ".[dev]",
    ]  # fmt: skip
    dev.ensure_venv()
    assert len(fake_checkout) == 1  # stamp matches: pip is skipped

    dev.PYPROJECT.write_text("[project]\nname = 'y'\n", encoding="utf-8")
    dev.ensure_venv()
    assert len(fake_checkout) == 2


def test_play_installs_the_game_alone_and_test_adds_the_tools(
    fake_checkout: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[list[str]] = []

    def fake_call(cmd: list[str], **kwargs: object) -> int:
        started.append(cmd)
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    assert dev.main(["play", "--version"]) == 0
    assert [c[-2:] for c in fake_checkout] == [["-e", "."]]  # no dev tools for a player
    assert started[-1][1:] == ["-m", "concordia", "--version"]
    assert dev.main(["play"]) == 0
    assert len(fake_checkout) == 1  # installed already: pip is skipped

    assert dev.main(["test", "-q"]) == 0
    assert [c[-2:] for c in fake_checkout] == [["-e", "."], ["-e", ".[dev]"]]
    assert started[-1][1:] == ["-m", "pytest", "-q"]
    assert dev.main(["test"]) == 0
    assert dev.main(["play"]) == 0  # the tools include the game: pip is skipped
    assert dev.main(["install"]) == 0
    assert len(fake_checkout) == 2


def test_a_stamp_from_before_the_split_counts_as_the_dev_install(
    fake_checkout: list[list[str]],
) -> None:
    dev.STAMP.write_text(dev._pyproject_hash() + "\n", encoding="utf-8")
    dev.ensure_venv(dev=True)
    assert fake_checkout == []
    dev.STAMP.write_text("garbage words here\n", encoding="utf-8")
    dev.ensure_venv(dev=False)
    assert [c[-2:] for c in fake_checkout] == [["-e", "."]]


def test_dev_failed_install_is_retried(
    fake_checkout: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing_run(cmd: list[str], **kwargs: object) -> None:
        raise subprocess.CalledProcessError(3, cmd)

    monkeypatch.setattr(subprocess, "run", failing_run)
    assert dev.main(["install"]) == 3
    assert not dev.STAMP.exists()


def test_dev_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert dev.main([]) == 2
    assert dev.main(["frobnicate"]) == 2
    assert dev.main(["--help"]) == 0
    assert "python3 -m concordia.dev" in capsys.readouterr().out


def test_smoke_test_from_source(tmp_path: Path) -> None:
    # A fresh interpreter, as the real `python -m concordia --smoke-test` would be.
    code = "from concordia.smoke import run_smoke_test; raise SystemExit(run_smoke_test())"
    env = dict(os.environ, CONCORDIA_HOME=str(tmp_path / "home"))
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(SUMMARY_PREFIX)
    assert "source" in run.stdout
    assert not (tmp_path / "home").exists()  # it used its own temporary home


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_pyinstaller_bundle_passes_smoke_test(tmp_path: Path) -> None:
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
         "--distpath", str(dist), "--workpath", str(work), "build_exe.spec"],
        cwd=ROOT, capture_output=True, text=True, timeout=800,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]

    # Dev tools must not end up in the bundle.
    bundled = "".join(p.read_text(encoding="utf-8") for p in work.rglob("PYZ-*.toc"))
    assert bundled, "no PYZ table of contents found in the work folder"
    for tool in ("pytest", "_pytest", "hypothesis", "mypy", "PyInstaller"):
        assert f"('{tool}'" not in bundled, f"{tool} was bundled"

    # The game's data is bundled; the archived self-play games (training data) are not.
    bundle = dist / APP_NAME
    assert any(bundle.rglob("outcome_weights.json")), "the outcome weights were not bundled"
    assert not any(bundle.rglob("games-s*.jsonl.gz")), "the self-play archive was bundled"

    exe = dist / APP_NAME / (f"{APP_NAME}.exe" if os.name == "nt" else APP_NAME)
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CONCORDIA_HOME=str(home))  # fmt: skip
    run = subprocess.run(
        [str(exe), "--smoke-test"], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout + run.stderr
    if sys.platform != "win32":  # the windowed Windows build has no stdout
        assert SUMMARY_PREFIX in run.stdout
        assert "frozen" in run.stdout
