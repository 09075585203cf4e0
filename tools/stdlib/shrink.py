"""Run inside Pyodide (tools/stdlib/exercise.mjs): the traced standard library files, made smaller to send.

Why: the trimmed library is sent to every first visit.  Each module's source is parsed and written back by
Pyodide's own Python (`ast.unparse`, so every syntax of this version round-trips) without comments and
docstrings (as `python -OO` leaves them out; CPython's tests run the library so), and compiled once to check
it.  Pyodide's own packages keep their docstrings (it documents its JavaScript objects with them).  Bytecode
(.pyc) was tried: 1.16 MB against 0.40 MB gzipped, so the zip holds source.  Tracebacks through the library
show the written-back lines.
"""
import ast
import base64
import sys
import zipfile

ARCHIVE = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
#: Pyodide's own Python, left as it is
KEPT_WHOLE = ("_pyodide/", "pyodide/")


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return tree


def smaller(name: str, data: bytes) -> bytes:
    """A module's source without comments and docstrings (checked to compile), or the file as it is."""
    if not name.endswith(".py") or name.startswith(KEPT_WHOLE):
        return data
    source = ast.unparse(_without_docstrings(ast.parse(data, name))) + "\n"
    compile(source, name, "exec", dont_inherit=True)
    return source.encode()


def smaller_files(files: list) -> dict:
    """{name: base64 bytes} for each file of the standard library zip, made smaller."""
    with zipfile.ZipFile(ARCHIVE) as zf:
        return {name: base64.b64encode(smaller(name, zf.read(name))).decode() for name in files}
