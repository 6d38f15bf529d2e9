"""Read YAML strictly: a duplicated key would silently drop a translation, so it is an error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rulesite.errors import MalformedEntryError, MissingKeyError


class _StrictLoader(yaml.SafeLoader):
    pass


def _mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_yaml(path: Path) -> Any:
    """Parse ``path``; a missing file or a YAML error becomes a locale error naming it."""
    if not path.is_file():
        raise MissingKeyError(path, "(file)", "file not found")
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except yaml.YAMLError as exc:
        raise MalformedEntryError(path, "(file)", f"not valid YAML: {exc}") from None
