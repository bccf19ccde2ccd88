"""Rook for machine-learning research: OpenSpiel, PettingZoo and Gymnasium environments, batches.

Each environment stands on the engine (:mod:`rookgame.state`) and a seat's view
(:mod:`rookgame.view`); :mod:`rookgame.research.observe` turns a view into arrays.  The
modules import their frameworks (``pyspiel``, ``pettingzoo``, ``gymnasium``, ``ray``) only when
imported themselves: install the extras (``pip install "rookgame[spiel]"``, ``[zoo]``, ``[ray]``).
"""
