"""The public API's documentation: doctests run, and every exported name is documented.

The doctests are run here with ``doctest`` itself (not ``pytest --doctest-modules``) so
they also run where the engine is installed from a wheel, as in the Pyodide run.
"""

from __future__ import annotations

import ast
import doctest
import enum
import importlib
import inspect
import io
import itertools
import pkgutil
import types
from typing import Any

import pytest

import hanamikoji

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(hanamikoji.__path__, hanamikoji.__name__ + ".")
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def run_doctests(module: types.ModuleType) -> doctest.TestResults:
    finder = doctest.DocTestFinder(exclude_empty=True)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in finder.find(module, module.__name__):
        runner.run(test, out=out.write)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, out.getvalue()
    return results


@pytest.mark.parametrize("name", ["hanamikoji", *MODULES])
def test_doctests(name: str) -> None:
    run_doctests(importlib.import_module(name))


def test_doctests_exist() -> None:
    attempted = sum(
        run_doctests(importlib.import_module(n)).attempted for n in ["hanamikoji", *MODULES]
    )
    assert attempted >= 30, f"only {attempted} doctest examples in the package"
    assert {"hanamikoji._actions", "hanamikoji._game", "hanamikoji._record"} <= set(MODULES)


# ---------------------------------------------------------------------------- the public names


def test_all_names_exist_once() -> None:
    names = hanamikoji.__all__
    assert len(names) == len(set(names)), "a name is listed twice in __all__"
    for name in names:
        assert hasattr(hanamikoji, name), f"hanamikoji.{name} is in __all__ but missing"
    # No object is exported under two names.
    objects: dict[int, str] = {}
    for name in names:
        obj = getattr(hanamikoji, name)
        assert id(obj) not in objects, f"{name} and {objects[id(obj)]} are the same object"
        objects[id(obj)] = name
    namespace: dict[str, Any] = {}
    exec("from hanamikoji import *", namespace)
    assert sorted(k for k in namespace if not k.startswith("__")) == sorted(names)


def _attribute_docstrings(tree: ast.AST) -> dict[str, str]:
    """Names assigned in a module or class body followed by a string literal."""
    found: dict[str, str] = {}
    body = getattr(tree, "body", [])
    for node, after in itertools.pairwise(body):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if (
            targets
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = after.value.value
    return found


def _defining_module(name: str) -> tuple[types.ModuleType, ast.Module]:
    """The internal module whose top level assigns ``name`` (for constants and aliases)."""
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        tree = ast.parse(inspect.getsource(module))
        for node in tree.body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return module, tree
    raise AssertionError(f"no module of hanamikoji assigns {name}")


@pytest.mark.parametrize("name", hanamikoji.__all__)
def test_every_public_name_has_a_docstring(name: str) -> None:
    obj = getattr(hanamikoji, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__
        assert doc and doc.strip(), f"{name} has no docstring of its own"
    else:
        # A constant or a type alias: documented by the string right after its assignment.
        _, tree = _defining_module(name)
        assert _attribute_docstrings(tree).get(name, "").strip(), f"{name} has no docstring"


@pytest.mark.parametrize(
    "name", [n for n in hanamikoji.__all__ if isinstance(getattr(hanamikoji, n), enum.EnumMeta)]
)
def test_every_enum_member_has_a_docstring(name: str) -> None:
    cls = getattr(hanamikoji, name)
    tree = ast.parse(inspect.getsource(cls))
    (class_def,) = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    documented = _attribute_docstrings(class_def)
    missing = [member for member in cls.__members__ if member not in documented]
    assert not missing, f"{name}: members without a docstring: {missing}"


@pytest.mark.parametrize(
    "name", [n for n in hanamikoji.__all__ if inspect.isclass(getattr(hanamikoji, n))]
)
def test_public_methods_have_docstrings(name: str) -> None:
    cls = getattr(hanamikoji, name)
    missing = []
    for attr, value in vars(cls).items():
        if attr.startswith("_") or isinstance(value, enum.Enum):
            continue
        target = value.fget if isinstance(value, property) else value
        if isinstance(target, (classmethod, staticmethod)):
            target = target.__func__
        if inspect.isfunction(target) and not (target.__doc__ or "").strip():
            missing.append(attr)
    assert not missing, f"{name}: public methods without a docstring: {missing}"
