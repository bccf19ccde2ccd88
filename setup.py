"""Only the optional C parts live here (the solver, the play-outs); everything else is in pyproject.toml.

The extensions are optional: where no C compiler is found, the install still succeeds,
rookgame.solver falls back to its pure-Python solver and the play-outs to the heuristic's Python.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "rookgame.solver._csolver",
            sources=["src/rookgame/solver/_csolver.c"],
            extra_compile_args=["-O3"],
            optional=True,
        ),
        Extension(  # the heuristic's card play for the expert's play-outs (rookgame.bots.playout)
            "rookgame.bots._cplayout",
            sources=["src/rookgame/bots/_cplayout.c"],
            extra_compile_args=["-O3"],
            optional=True,
        ),
    ]
)
