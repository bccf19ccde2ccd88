"""Only the optional C solver lives here; everything else is in pyproject.toml.

The extension is optional: where no C compiler is found, the install still succeeds
and rookgame.solver falls back to its pure-Python solver.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "rookgame.solver._csolver",
            sources=["src/rookgame/solver/_csolver.c"],
            extra_compile_args=["-O3"],
            optional=True,
        )
    ]
)
