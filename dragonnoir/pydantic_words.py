"""pydantic's validation messages in the player's language (issue 41).

The scenario, layout, campaign and rules data files are checked by pydantic models, and
pydantic says what it refuses in English ("Input should be greater than or equal to 1").
Each error carries a `type` ("greater_than_equal") and its values (`ctx`: `{"ge": 1}`), so
the message is said here by its type: the English of pydantic itself is the message of our
catalog (English output unchanged), its French there. A type not listed is said in
pydantic's words after a framing in the player's language. A validator of ours that
refuses (`value_error`) said its reason in the player's language already (`_()` at the
raise): that reason is the message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dragonnoir.i18n import N_, _, ngettext

#: The message of each type of error, with the `ctx` values it names.
MESSAGES: dict[str, str] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "int_parsing_size": N_("Unable to parse input string as an integer, exceeded maximum size"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "finite_number": N_("Input should be a finite number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "tuple_type": N_("Input should be a valid tuple"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "model_attributes_type": N_(
        "Input should be a valid dictionary or object to extract fields from"
    ),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
}

#: pydantic's names of the kinds of list (`field_type` of `too_short`).
FIELD_TYPES = {"List": N_("List"), "Tuple": N_("Tuple"), "Set": N_("Set"), "Dict": N_("Dict")}

#: `literal_error`'s choices: "'krobs' or 'adventurers'", "'a', 'b' or 'c'".
_OR = re.compile(r"(?<=') or (?=')")


def validation_reason(error: Mapping[str, Any]) -> str:
    """One pydantic error (an item of `ValidationError.errors()`) in the language in use."""
    kind = str(error.get("type", ""))
    ctx = dict(error.get("ctx") or {})
    if kind in ("value_error", "assertion_error") and ctx.get("error") is not None:
        return str(ctx["error"])  # our own validator's reason, said when it was raised
    if kind in ("literal_error", "enum") and "expected" in ctx:
        ctx["expected"] = _OR.sub(" " + _("or") + " ", str(ctx["expected"]))
    try:
        if kind in MESSAGES:
            return _(MESSAGES[kind]).format(**ctx)
        counted = _counted(kind, ctx)
        if counted is not None:
            return counted
    except (KeyError, ValueError, IndexError):
        pass  # a newer pydantic naming other values: said in its words below
    return _("invalid value ({reason})").format(reason=error.get("msg", kind))


#: How pydantic bounds a length (`too_short`...): the words of the bound and the value of
#: `ctx` that names it.
_BOUNDS = {
    "too_short": (N_("at least"), "min_length"),
    "too_long": (N_("at most"), "max_length"),
    "string_too_short": (N_("at least"), "min_length"),
    "string_too_long": (N_("at most"), "max_length"),
}


def _counted(kind: str, ctx: dict[str, Any]) -> str | None:
    """The messages that count (items of a list, characters of a text), in the form for
    the number pydantic names; None for another type."""
    if kind not in _BOUNDS:
        return None
    bound, key = _BOUNDS[kind]
    n = int(ctx[key])
    values = {**ctx, "bound": _(bound), "n": n}
    if kind.startswith("string_"):
        return ngettext(
            "String should have {bound} {n} character",
            "String should have {bound} {n} characters",
            n,
        ).format(**values)
    field_type = str(ctx.get("field_type", ""))
    values["field_type"] = _(FIELD_TYPES[field_type]) if field_type in FIELD_TYPES else field_type
    return ngettext(
        "{field_type} should have {bound} {n} item, not {actual_length}",
        "{field_type} should have {bound} {n} items, not {actual_length}",
        n,
    ).format(**values)
