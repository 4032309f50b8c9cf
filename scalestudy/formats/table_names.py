"""A pydantic annotation for a string that names an entry of one of the product's tables
(container runtimes, collectives, ...): checked against the table when a file is validated, so
an entry registered later (a test's, a site's) is accepted, and docgen lists the names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema


@dataclass(frozen=True)
class OneOf:
    """A string that must be one of a table's names, read at each validation (a Literal would
    freeze the table at import); refused with a Literal's message. docgen lists the names."""

    names: Callable[[], tuple[str, ...]]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def _check(self, value: str) -> str:
        names = self.names()
        if value not in names:
            quoted = [repr(n) for n in names]
            expected = " or ".join([", ".join(quoted[:-1]), quoted[-1]] if quoted[1:] else quoted)
            raise PydanticCustomError(
                "literal_error", "Input should be {expected}", {"expected": expected}
            )
        return value
