"""Why something a person gave cannot be used, in words: people and seats (``--humans``, ``--seat``, the setup
screen), rules files, records.  Each error is a code and its parameters; ``str()`` of the error is the English
sentence (for logs and tests), :func:`error_words` the reader's.

This module imports only the templates' filling, so that the rules (a core module) may reach it for the
English of their errors with no import cycle, as the state reaches :mod:`.refusals`.
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalog import N_, Param, Plural, Template, english, fill

# People and seats: ``what`` is the option or the field the value came from.
PEOPLE: dict[str, Template] = {
    "count": N_("{what} {given}: give 1 to {seats} people, one per seat at most"),
    "empty_name": N_("{what} {given}: a name is empty; give names between commas, such as Ann,Bo"),
    "unshowable": N_("{what}: the name {name} has characters that cannot be shown"),
    "too_long": N_("{what}: the name {name} is longer than {max} characters"),
    "bot_name": N_("{what}: {name} is the name of a bot; give people other names"),
    "same_name": N_("{what}: two people are named {name}; give each person their own name"),
    "too_many": N_("{what}: {count} people for {seats} seats"),
    "not_a_seat": N_("{what} {given}: {part} is not a seat number; seats are 0 to {last}, and several people's "
                     "seats go between commas: 0,2"),
    "no_such_seat": N_("{what} {seat_number}: {rules} has seats 0 to {last}"),
    "seat_twice": N_("{what} {given}: seat {seat_number} is given twice; each person has a seat of their own"),
    "seats_for_people": Plural("{what} {given}: one person needs one seat; give {people} seat, such as {example}",
                               "{what} {given}: {people} people need a seat each; give {people} seats, such as "
                               "{example}", "people"),
    "names_count": Plural("{count} person chosen, but {given} name given: one name per person",
                          "{count} people chosen, but {given} names given: one name per person", "count"),
}
# Where a value came from, when it is a field of the setup screen rather than an option.
FIELDS = {"names": N_("Names"), "seats": N_("Seats")}
DEFAULT_NAME = N_("Player {number}")  # a person counted but not named (--humans 2)


class WordsError(ValueError):
    """An error that is a code and its parameters: ``str()`` its English, :meth:`words` the reader's."""

    TEMPLATES: Mapping[str, Template] = {}

    def __init__(self, code: str, **params: Param) -> None:
        self.code = code
        self.params = params
        super().__init__(english(self.words))

    def words(self) -> str:
        """The error in the reader's language."""
        params = dict(self.params)
        what = params.get("what")
        if isinstance(what, str) and what in FIELDS:
            params["what"] = fill(FIELDS[what], {})
        return fill(self.TEMPLATES[self.code], params)

    def __reduce__(self) -> tuple[object, ...]:  # keyword parameters survive a trip between processes
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(kind: type[WordsError], code: str, params: dict[str, Param]) -> WordsError:
    return kind(code, **params)
