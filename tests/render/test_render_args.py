"""`dragonnoir render`'s plain command lines are read without argparse (issue 16: argparse
costs ~3% of a small render); these tests hold that reading to argparse's."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.cli import build_parser, cmd_render, plain_render_args

FIELDS = ("command", "path", "output", "scale", "seams")


def _argparse(words: list[str]) -> dict[str, object]:
    args = build_parser(only="render").parse_args(words)
    assert args.func is cmd_render and args.selftest is False
    return {f: getattr(args, f) for f in FIELDS}


def _same(a: dict[str, object], b: dict[str, object]) -> bool:
    """Equal fields (a scale of nan on both sides counts as the same)."""
    if all(isinstance(x["scale"], float) and math.isnan(x["scale"]) for x in (a, b)):
        return {**a, "scale": 0} == {**b, "scale": 0}
    return a == b


@pytest.mark.parametrize(
    "words",
    [
        ["render", "fosse.tmx", "-o", "x.png"],
        ["render", "-o", "x.png", "fosse.tmx"],
        ["render", "six-boards", "--output", "out/x.png", "--scale", "0.5"],
        ["render", "--seams", "a.toml", "-o", "x.png", "--scale", "2"],
        ["render", "a.tmx", "-o", "x.png", "--scale", "1e-1", "--seams"],
        ["render", "a b.tmx", "-o", "x y.png", "--scale", "nan"],
    ],
)
def test_plain_command_lines_are_read_as_argparse_reads_them(words: list[str]) -> None:
    fast = plain_render_args(words)
    assert fast is not None and fast.func is cmd_render and fast.selftest is False
    assert _same({f: getattr(fast, f) for f in FIELDS}, _argparse(words))


@pytest.mark.parametrize(
    "words",
    [
        ["render", "--help"],
        ["render", "a.tmx"],  # no output: argparse's error
        ["render", "a.tmx", "b.tmx", "-o", "x.png"],
        ["render", "a.tmx", "-o", "x.png", "-o", "y.png"],
        ["render", "a.tmx", "--out", "x.png"],  # an abbreviation
        ["render", "a.tmx", "--output=x.png"],
        ["render", "a.tmx", "-o", "x.png", "--scale", "-1"],
        ["render", "a.tmx", "-o", "x.png", "--scale", "big"],
        ["render", "a.tmx", "-o", "x.png", "--seams", "--seams"],
        ["validate", "a.tmx"],
        ["--selftest", "render", "a.tmx", "-o", "x.png"],
        [],
    ],
)
def test_other_command_lines_are_left_to_argparse(words: list[str]) -> None:
    assert plain_render_args(words) is None


_WORDS = st.sampled_from(
    ["render", "a.tmx", "b.toml", "-o", "--output", "x.png", "--scale", "0.5", "3", "-1"]
)
_ODD_WORDS = st.sampled_from(["--seams", "--sc", "--help", "", "-"])


@given(st.lists(_WORDS | _ODD_WORDS, max_size=7).map(lambda w: ["render", *w]))
def test_whatever_the_plain_reading_takes_argparse_reads_the_same(words: list[str]) -> None:
    fast = plain_render_args(words)
    if fast is not None:
        assert _same({f: getattr(fast, f) for f in FIELDS}, _argparse(words))
