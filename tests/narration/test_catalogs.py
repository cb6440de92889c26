"""The catalogs (issue 41): every message of the code is in the template, every language's
catalog translates all of them with the same fields, and the compiled `.mo` files the
program reads are those of the `.po` files (tools/translations.py makes them)."""

from __future__ import annotations

import gettext
import io
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import tools.translations as translations
from dragonnoir import i18n

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [code for code in i18n.available() if code != i18n.SOURCE]
FIELD = re.compile(r"\{[^{}]*\}")


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _ids(catalog: Catalog) -> set[object]:
    return {m.id for m in catalog if m.id}


def test_french_is_one_of_the_languages() -> None:
    assert "fr" in LANGUAGES


def test_the_template_holds_every_message_of_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = tmp_path / "fresh.pot"
    monkeypatch.setattr(translations, "TEMPLATE", fresh)
    translations.extract()
    missing = _ids(_read(fresh)) - _ids(_read(ROOT / "dragonnoir" / "locale" / "dragonnoir.pot"))
    stale = _ids(_read(ROOT / "dragonnoir" / "locale" / "dragonnoir.pot")) - _ids(_read(fresh))
    assert not missing, f"run `python tools/translations.py all`: new messages {missing}"
    assert not stale, f"run `python tools/translations.py all`: messages gone {stale}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_translates_every_message_with_the_same_fields(code: str) -> None:
    template = _ids(_read(ROOT / "dragonnoir" / "locale" / "dragonnoir.pot"))
    catalog = _read(ROOT / "dragonnoir" / "locale" / code / "LC_MESSAGES" / "dragonnoir.po")
    assert template - _ids(catalog) == set(), "run `python tools/translations.py update`"
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert "fuzzy" not in message.flags, f"{code}: fuzzy entry {ids[0]!r}"
        assert all(strings), f"{code}: untranslated {ids[0]!r}"
        fields = set(FIELD.findall(ids[-1]))
        for said in strings:
            assert set(FIELD.findall(said)) <= fields | set(FIELD.findall(ids[0])), (
                f"{code}: {said!r} has a field its message {ids[0]!r} does not give"
            )


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalog_is_that_of_its_po_file(code: str, tmp_path: Path) -> None:
    folder = ROOT / "dragonnoir" / "locale" / code / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, _read(folder / "dragonnoir.po"))
    fresh = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    with (folder / "dragonnoir.mo").open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert shipped._catalog == fresh._catalog, "run `python tools/translations.py compile`"  # type: ignore[attr-defined]


def test_the_catalogs_go_into_the_wheel_and_the_binaries() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"locale/*/LC_MESSAGES/*.mo"' in pyproject
    spec = (ROOT / "build" / "dragonnoir.spec").read_text(encoding="utf-8")
    assert '"dragonnoir" / "locale"' in spec


def test_a_copy_of_the_locale_folder_is_found_where_the_package_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an installed program does: the catalogs beside the package's modules."""
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(i18n, "_CATALOGS", {})
    assert i18n.translations("fr").gettext("No combat declared.") == "Aucun combat déclaré."
