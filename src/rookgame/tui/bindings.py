"""The keys' descriptions in the reader's language: a screen's bindings are declared with the English of
:data:`rookgame.words.screen.BINDINGS` and translated when the screen is made (the footer shows them)."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from ..words.catalog import gettext


def translate_bindings(node: DOMNode) -> None:
    """The node's bindings with their descriptions in the reader's language (Textual merges a class's
    bindings once, in English; each node keeps its own copy, which this replaces)."""
    bindings = BindingsMap()
    for key, listed in node._bindings.key_to_bindings.items():
        bindings.key_to_bindings[key] = [replace(b, description=gettext(b.description)) if b.description else b
                                         for b in listed]
    node._bindings = bindings


def show_bindings(node: DOMNode, actions: set[str], shown: bool) -> None:
    """Show or hide the bindings of ``actions`` in the footer; their keys work either way (a small screen keeps
    its footer to one line: the footer has no room for every key in every language)."""
    for key, listed in node._bindings.key_to_bindings.items():
        node._bindings.key_to_bindings[key] = [replace(b, show=shown) if b.action in actions else b for b in listed]
    node.refresh_bindings()
