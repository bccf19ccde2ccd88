"""Rook in English, Spanish, Portuguese and Swedish (issue 26): the catalogs are whole, their parameters agree with
the templates', the language is chosen as documented, and a pseudo-language run of the terminal finds no text
that bypasses the catalogs."""

from __future__ import annotations

import asyncio
import io
import re
import shlex
import shutil
from collections.abc import Awaitable, Callable, Iterator, Mapping
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from rookgame import actions as A
from rookgame.bots import REGISTRY
from rookgame.cards import card_str
from rookgame.cli import app
from rookgame.match import Match
from rookgame.plain import play_plain
from rookgame.record import RecordError, declarations
from rookgame.rules import ALIASES, PRESETS, load
from rookgame.state import Phase
from rookgame.view import view_of
from rookgame.words import accounts as account_words
from rookgame.words import commands, pages, refusals, screen
from rookgame.words import errors as error_words
from rookgame.words import tournament as tournament_words
from rookgame.words import web as web_words
from rookgame.words.catalog import Plural, Template, fill, gettext, listed, number
from rookgame.words.catalog import as_data as template_as_data
from rookgame.words.language import (
    LANGUAGES,
    LOCALE_DIR,
    PSEUDO,
    LanguageError,
    catalog,
    language,
    language_from,
    po_path,
    set_language,
    speaking,
)
from rookgame.words.rules import rules_rows
from rookgame.words.templates import extracted

TRANSLATED = [code for code in LANGUAGES if code != "en"]
TEMPLATES = extracted()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Whatever a test speaks, the next one starts in English."""
    yield
    set_language("en")


def fields(text: str) -> set[tuple[str, str | None]]:
    return {(f, c) for _, f, _, c in Formatter().parse(text) if f is not None}


def po(code: str) -> dict[str | tuple[str, str], tuple[str, ...]]:
    with open(po_path(code), "rb") as f:
        cat = read_po(f, locale=code)
    out: dict[str | tuple[str, str], tuple[str, ...]] = {}
    for m in cat:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else (m.id[0], m.id[1])
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        out[key] = tuple("" if m.fuzzy else (s or "") for s in strings)
    return out


# ---------------------------------------------------------------------- the catalogs
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_template_is_translated_in_every_catalog(code: str) -> None:
    """A template the catalog lacks (or leaves empty or fuzzy) fails: docs/languages.md says how to add one."""
    entries = po(code)
    missing = [t for t in TEMPLATES if t not in entries or not all(entries[t])]
    assert not missing, f"{code}: {len(missing)} templates untranslated, such as {missing[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_names_the_parameters_of_its_template(code: str) -> None:
    entries = po(code)
    wrong = []
    for template, forms in entries.items():
        english = [template] if isinstance(template, str) else list(template)
        want = set().union(*(fields(t) for t in english))
        got = set().union(*(fields(f) for f in forms))
        if got != want and not (len(english) == 2 and got | {(n, c) for n, c in want if n == "count"} == want):
            wrong.append((template, forms))
    assert not wrong, f"{code}: {wrong[:3]}"


def test_the_template_file_for_translators_is_current() -> None:
    """rookgame.pot is what ``pybabel extract`` makes of the source now (docs/languages.md)."""
    with open(LOCALE_DIR / "rookgame.pot", "rb") as f:
        pot = {m.id if isinstance(m.id, str) else (m.id[0], m.id[1]) for m in read_po(f) if m.id}
    assert not set(TEMPLATES) - pot, sorted(set(TEMPLATES) - pot, key=str)[:3]


def documented_catalog_commands() -> list[list[str]]:
    """The ``pybabel`` commands of docs/languages.md's "Adding or changing a template", as a shell reads them."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "languages.md").read_text(encoding="utf-8")
    block = doc.split("Extract and merge", 1)[1].split("```", 2)[1]
    return [shlex.split(line) for line in block.replace("\\\n", " ").splitlines() if line.strip().startswith("pybabel")]


def test_the_documented_extract_and_update_change_nothing_on_an_unchanged_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run on the catalogs as committed, the documented commands write them back byte for byte: a translator
    runs them and edits only the new entries, never an entry's place or a header by hand."""
    from babel.messages.frontend import CommandLineInterface

    words = Path(__file__).resolve().parents[1] / "src" / "rookgame"
    shutil.copytree(words / "words", tmp_path / "src" / "rookgame" / "words",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(LOCALE_DIR, tmp_path / "src" / "rookgame" / "locale")
    before = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "src" / "rookgame" / "locale").rglob("*")
              if p.is_file()}
    commands = documented_catalog_commands()
    assert [c[:2] for c in commands] == [["pybabel", "extract"], ["pybabel", "update"]], commands
    monkeypatch.chdir(tmp_path)
    for command in commands:
        assert not CommandLineInterface().run(  # type: ignore[no-untyped-call]  # babel's frontend is unannotated
            ["pybabel", "-q", *command[1:]]), command
    after = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "src" / "rookgame" / "locale").rglob("*")
             if p.is_file()}
    assert after.keys() == before.keys()
    assert [str(p) for p in before if after[p] != before[p]] == []


def test_plural_forms_numbers_and_lists_come_from_babel() -> None:
    assert catalog("es") is not None and catalog("sv") is not None
    with speaking("es"):
        assert [fill(("{count} carta", "{count} cartas")[0], {"count": 1})] == ["1 carta"]
        assert gettext("The table") == "La mesa" and number(1250) == "1.250"
        assert listed(["Ana", "Beto", "Cris"]) == "Ana, Beto y Cris"
    with speaking("sv"):
        assert number(1250) == "1\xa0250" and listed(["Ann", "Bo"]) == "Ann och Bo"
    with speaking("pt"):
        assert listed(["Ana", "Bia"]) == "Ana e Bia"
    from rookgame.words.lines import LINES

    with speaking("pt"):  # Portuguese (CLDR): 0 and 1 take the singular
        said = LINES["trick_won"].text
        assert fill(said, {"seat": "Oeste", "number": 2, "card": 16, "points": 0}).endswith("(0 ponto).")
        assert fill(said, {"seat": "Oeste", "number": 2, "card": 16, "points": 5}).endswith("(5 pontos).")


def test_the_language_comes_from_lang_then_rook_lang_then_the_locale_then_english() -> None:
    assert language_from("es", {"ROOK_LANG": "sv", "LANG": "pt_BR.UTF-8"}) == "es"
    assert language_from(None, {"ROOK_LANG": "sv", "LANG": "pt_BR.UTF-8"}) == "sv"
    assert language_from(None, {"LANG": "pt_BR.UTF-8"}) == "pt"
    assert language_from(None, {"LC_ALL": "sv_SE.UTF-8", "LANG": "es_ES.UTF-8"}) == "sv"  # LC_ALL first (POSIX)
    assert language_from(None, {"LANG": "de_DE.UTF-8"}) == "en" and language_from(None, {"LANG": "C"}) == "en"
    assert language_from(None, {}) == "en"
    with pytest.raises(LanguageError, match="languages: en, es, pt, sv"):
        language_from("de", {})
    with pytest.raises(LanguageError, match="ROOK_LANG"):
        language_from(None, {"ROOK_LANG": "klingon"})


def test_a_refusal_is_english_for_the_logs_and_the_readers_language_on_screen() -> None:
    from rookgame.state import IllegalAction
    from rookgame.words.refusals import told

    refusal = IllegalAction("must_follow", seat=0, lead=15, colour=1, held=[16])
    with speaking("es"):
        assert str(IllegalAction("must_follow", seat=0, lead=15, colour=1, held=[16])).startswith("renege:")
        said = told(refusal.code, refusal.params, you=0, seat_name=lambda s: "Oeste")
    assert said == "se inició con R2 y tienes rojo (R3): debes seguir el rojo"


# ---------------------------------------------------------------------- bots' levels and rule sets by their names
LEVEL_NAMES = {  # REGISTRY's order: random, heuristic, easy, medium, hard, expert
    "en": ["Random", "Basic", "Easy", "Medium", "Hard", "Expert"],
    "es": ["Al azar", "Básico", "Fácil", "Medio", "Difícil", "Experto"],
    "pt": ["Aleatório", "Básico", "Fácil", "Médio", "Difícil", "Especialista"],
    "sv": ["Slumpvis", "Grundläggande", "Lätt", "Medel", "Svår", "Expert"],
}


@pytest.mark.parametrize("code", sorted(LEVEL_NAMES))
def test_a_bot_level_reads_as_its_name_in_the_readers_language_and_travels_as_its_identifier(code: str) -> None:
    """Every level a seat may be given has a name of its own in each language: in a seat's long name (the line mode's
    and the full screen's), in the server's sentences about a bot at a seat, and in the page's words (``levels``,
    which the browser's lists show while their choices send the identifier)."""
    from rookgame.words.catalog import LEVEL_WORDS, level_name
    from rookgame.words.seating import Seating

    assert list(LEVEL_WORDS) == list(REGISTRY)
    with speaking(code):
        names = [level_name(level) for level in REGISTRY]
        seats = Seating(load("kentucky-discard"), 0, ("human", "heuristic", "easy", "expert")).long_name(1)
        kept = web_words.text("seat_kept", {"level": "expert", "name": "Bo", "place": 1})
        page = web_words.as_data()
    assert names == LEVEL_NAMES[code] and len(set(names)) == len(names)
    assert LEVEL_NAMES[code][1] in seats and "heuristic" not in seats
    assert LEVEL_NAMES[code][5] in kept and "expert" not in kept.replace("Expert", "")
    assert page["levels"] == dict(zip(REGISTRY, LEVEL_NAMES[code]))


def test_a_rule_set_in_a_sentence_is_named_by_its_presets_name_never_by_its_key() -> None:
    """A ``rules`` parameter carries the rule set's label (a preset's key, or a house-rules file's own name): the
    engine's refusals, the seats' errors and the server's sentences say the preset's name in the reader's language,
    the page has the same names (``presets``), and a house file's name reads as it is."""
    from rookgame.words.refusals import told

    with speaking("es"):
        no_redeal = told("no_redeal", {"rules": "full-deck"}, you=None, seat_name=str)
        seats = fill(error_words.PEOPLE["no_such_seat"], {"what": "--seat", "seat_number": "5", "rules": "cutthroat",
                                                         "last": 2})
        house = told("no_redeal", {"rules": "Casa de Ana"}, you=None, seat_name=str)
        page = web_words.as_data()
    assert no_redeal.startswith("Mazo completo") and "full-deck" not in no_redeal
    assert "A muerte" in seats and "cutthroat" not in seats
    assert house.startswith("Casa de Ana")
    presets = page["presets"]
    assert isinstance(presets, dict)
    assert presets["full-deck"] == "Mazo completo"


# ---------------------------------------------------------------------- a count of one
def page_says(template: Template, params: Mapping[str, int | str], code: str) -> str:
    """A template as a page fills it (static/words.js): from the catalog's data for the page
    (``as_data``), a plural's "one" form where the count's CLDR category in the reader's language is "one" (the
    browser's ``Intl.PluralRules``), else its "many"."""
    data = template_as_data(template)
    if isinstance(data, dict):
        n = params[str(data["count"])]
        text = str(data["one"] if Locale.parse(code).plural_form(int(n)) == "one" else data["many"])
    else:
        text = data
    return text.format_map({k: str(v) for k, v in params.items()})


def both_say(template: Template, params: Mapping[str, int | str], code: str) -> str:
    """What the terminal and the server say (``fill``), checked to be what the page says."""
    with speaking(code):
        said = fill(template, params)
        assert said == page_says(template, params, code), (code, template)
    return said


def event_line(code: str, rounds: int, boards: int) -> str:
    """The tournament page's line under an event's name (tournament.js: its boards a round in words)."""
    with speaking(code):
        per_round = fill(tournament_words.PAGE["t_boards_n"], {"count": boards})
        matchpoints = tournament_words.PAGE["t_scoring_matchpoints"]
        assert isinstance(matchpoints, str)  # a sentence without a count
        scoring = gettext(matchpoints)
    return both_say(tournament_words.PAGE["t_event"], {"name": "Club night", "rules": "Kentucky Discard",
                                                       "rounds": rounds, "boards": per_round, "scoring": scoring}, code)


def profile_counts(code: str, games: int, won: int, counted: int) -> str:
    """A profile's games, as the account page writes them (account.js)."""
    page = account_words.PAGE
    return ", ".join([both_say(page["prof_n_games"], {"count": games}, code),
                      both_say(page["prof_n_won"], {"count": won}, code),
                      both_say(page["prof_n_counted"], {"count": counted}, code)])


def table_line(code: str, done: int, boards: int) -> str:
    """A table of the round on the tournament page."""
    return both_say(tournament_words.PAGE["t_table_line"],
                    {"table": 1, "units": "Ann · Bo", "done": done, "boards": boards}, code)


# What a player reads at a count of one and at more, in each language: never "1 games" or "1 rounds".
AT_ONE_AND_MORE = {
    "en": [("1 game, 1 won, 1 counted in the ratings", "5 games, 2 won, 5 counted in the ratings"),
           ("Club night: Kentucky Discard, 1 round of 1 board, scored by matchpoints",
            "Club night: Kentucky Discard, 2 rounds of 5 boards, scored by matchpoints"),
           ("Table 1: Ann · Bo · 0 of 1 board played", "Table 1: Ann · Bo · 2 of 5 boards played")],
    "es": [("1 partida, 1 ganada, 1 contada en la puntuación", "5 partidas, 2 ganadas, 5 contadas en la puntuación"),
           ("Club night: Kentucky Discard, 1 ronda de 1 tablero, puntuado por matchpoints",
            "Club night: Kentucky Discard, 2 rondas de 5 tableros, puntuado por matchpoints"),
           ("Mesa 1: Ann · Bo · 0 de 1 tablero jugado", "Mesa 1: Ann · Bo · 2 de 5 tableros jugados")],
    "pt": [("1 partida, 1 vencida, 1 contada na pontuação", "5 partidas, 2 vencidas, 5 contadas na pontuação"),
           ("Club night: Kentucky Discard, 1 rodada de 1 board, pontuado por matchpoints",
            "Club night: Kentucky Discard, 2 rodadas de 5 boards, pontuado por matchpoints"),
           ("Mesa 1: Ann · Bo · 0 de 1 board jogado", "Mesa 1: Ann · Bo · 2 de 5 boards jogados")],
    "sv": [("1 parti, 1 vunnet, 1 räknat i betygen", "5 partier, 2 vunna, 5 räknade i betygen"),
           ("Club night: Kentucky Discard, 1 rond med 1 bricka, räknat i matchpoäng",
            "Club night: Kentucky Discard, 2 ronder med 5 brickor, räknat i matchpoäng"),
           ("Bord 1: Ann · Bo · 0 av 1 bricka spelad", "Bord 1: Ann · Bo · 2 av 5 brickor spelade")],
}


@pytest.mark.parametrize("code", sorted(AT_ONE_AND_MORE))
def test_a_profile_an_event_and_a_table_read_in_the_singular_at_one_and_the_plural_at_more(code: str) -> None:
    """The profile's games, an event's rounds and boards, a table's boards played: one game, one round, one board
    in the singular (in Spanish and Portuguese the games won and counted agree with their own count), more in
    the plural; the page (the browser's plural rules) and the server say the same."""
    (profile_1, profile_5), (event_1, event_5), (table_1, table_5) = AT_ONE_AND_MORE[code]
    assert profile_counts(code, 1, 1, 1) == profile_1 and profile_counts(code, 5, 2, 5) == profile_5
    assert event_line(code, 1, 1) == event_1 and event_line(code, 2, 5) == event_5
    assert table_line(code, 0, 1) == table_1 and table_line(code, 2, 5) == table_5


def test_a_count_of_one_is_singular_in_what_the_server_and_the_terminal_say() -> None:
    """The other sentences with a count that can be 1: a wait of one minute, one card to bury, one point taken,
    one round played, a one-character file, one game written, one card dealt, buried or in a trick."""
    said_at_one: list[tuple[Template, dict[str, int | str], str]] = [
        (account_words.SERVER["too_many_tries"].text, {"minutes": 1}, "try again in 1 minute"),
        (web_words.SERVER["bury_count"].text, {"want": 1, "given": 2}, "bury 1 card, not 2"),
        (web_words.PAGE["summary_side"], {"side": "We", "points": 1, "score": "+1", "total": 1},
         "We: 1 point taken, +1 on the score, 1 in all."),
        (tournament_words.ERRORS["all_played"], {"rounds": 1}, "the only round has been played"),
        (tournament_words.ERRORS["round_robin"], {"max": 1, "count": 2}, "at most 1 round for 2 units"),
        (pages.PAGES["tb_game_to"], {"goal": 1}, "Game to 1 point."),
        (pages.PAGES["lb_file"], {"file": "a.toml", "size": 1}, "a.toml: 1 character"),
        (pages.PAGES["lb_file_players"], {"file": "a.toml", "size": 1, "players": 4}, "a.toml: 1 character, 4"),
        (commands.SAY["written"], {"games": 1, "hands": "3 hands", "rules": "r", "out": "o", "summary": "s"},
         "1 game, 3 hands"),
        (refusals.REFUSALS["deal_size"].text, {"seat": 2, "count": 1, "want": 10}, "seat 2 is dealt 1 card, not 10"),
        (refusals.REFUSALS["nest_deal_size"].text, {"count": 1, "want": 5}, "the nest is dealt 1 card, not 5"),
        (error_words.RECORD["buried_count"], {"count": 1, "size": 5}, "buried holds 1 card, the nest needs 5"),
        (error_words.RECORD["trick_short"], {"count": 1, "players": 4}, "the trick has 1 card, not 4"),
    ]
    for template, params, one in said_at_one:
        assert one in both_say(template, params, "en"), template
        count = template.count if isinstance(template, Plural) else ""
        more = both_say(template, {**params, count: 2}, "en")
        assert one not in more and more != both_say(template, params, "en"), template
        for code in TRANSLATED:  # each language has its forms, and the page chooses as the server does
            assert both_say(template, params, code) != both_say(template, {**params, count: 5}, code) or code == "sv"


# What rook selfplay and rook replay say of one game and one hand, and of two: each count in its own form, in each
# language ("1 game, 1 hand", never "1 hands"); OUT is the file written.
SELFPLAY_AT_ONE_AND_TWO = {
    "en": ["1 game, 1 hand of Kentucky Discard written to OUT; 1 won by seats 1+3",
           "OUT: 1 game, 1 hand: every action, trick, score, total and winner checks out",
           "2 games, 2 hands of Kentucky Discard written to OUT; 2 won by seats 1+3",
           "OUT: 2 games, 2 hands: every action, trick, score, total and winner checks out",
           "1 game, 1 hand of Kentucky Discard written to OUT; no game was won; 1 unfinished, stopped with no winner "
           "at the cap of 1 hand (game 1)",
           "OUT: 1 game (1 unfinished), 1 hand: every action, trick, score, total and winner checks out",
           "2 games, 4 hands of Kentucky Discard written to OUT; no game was won; 2 unfinished, stopped with no "
           "winner at the cap of 2 hands (games 1, 2)",
           "OUT: 2 games (2 unfinished), 4 hands: every action, trick, score, total and winner checks out"],
    "es": ["1 partida, 1 mano de Kentucky Discard escritas en OUT; 1 ganada por asientos 1+3",
           "OUT: 1 partida, 1 mano: cada acción, baza, puntuación, total y ganador cuadran",
           "2 partidas, 2 manos de Kentucky Discard escritas en OUT; 2 ganadas por asientos 1+3",
           "OUT: 2 partidas, 2 manos: cada acción, baza, puntuación, total y ganador cuadran",
           "1 partida, 1 mano de Kentucky Discard escritas en OUT; no se ganó ninguna partida; 1 sin terminar, "
           "detenida sin ganador al llegar al tope de 1 mano (partida 1)",
           "OUT: 1 partida (1 sin terminar), 1 mano: cada acción, baza, puntuación, total y ganador cuadran",
           "2 partidas, 4 manos de Kentucky Discard escritas en OUT; no se ganó ninguna partida; 2 sin terminar, "
           "detenidas sin ganador al llegar al tope de 2 manos (partidas 1, 2)",
           "OUT: 2 partidas (2 sin terminar), 4 manos: cada acción, baza, puntuación, total y ganador cuadran"],
    "pt": ["1 partida, 1 mão de Kentucky Discard gravadas em OUT; 1 vencida por assentos 1+3",
           "OUT: 1 partida, 1 mão: cada ação, vaza, pontuação, total e vencedor confere",
           "2 partidas, 2 mãos de Kentucky Discard gravadas em OUT; 2 vencidas por assentos 1+3",
           "OUT: 2 partidas, 2 mãos: cada ação, vaza, pontuação, total e vencedor confere",
           "1 partida, 1 mão de Kentucky Discard gravadas em OUT; nenhuma partida foi vencida; 1 sem terminar, "
           "parada sem vencedor no limite de 1 mão (partida 1)",
           "OUT: 1 partida (1 sem terminar), 1 mão: cada ação, vaza, pontuação, total e vencedor confere",
           "2 partidas, 4 mãos de Kentucky Discard gravadas em OUT; nenhuma partida foi vencida; 2 sem terminar, "
           "paradas sem vencedor no limite de 2 mãos (partidas 1, 2)",
           "OUT: 2 partidas (2 sem terminar), 4 mãos: cada ação, vaza, pontuação, total e vencedor confere"],
    "sv": ["1 parti, 1 hand av Kentucky Discard skrivna till OUT; 1 vunnet av platser 1+3",
           "OUT: 1 parti, 1 hand: varje drag, stick, resultat, total och vinnare stämmer",
           "2 partier, 2 händer av Kentucky Discard skrivna till OUT; 2 vunna av platser 1+3",
           "OUT: 2 partier, 2 händer: varje drag, stick, resultat, total och vinnare stämmer",
           "1 parti, 1 hand av Kentucky Discard skrivna till OUT; inget spel vanns; 1 oavslutat, stoppat utan vinnare "
           "vid taket på 1 hand (parti 1)",
           "OUT: 1 parti (1 oavslutat), 1 hand: varje drag, stick, resultat, total och vinnare stämmer",
           "2 partier, 4 händer av Kentucky Discard skrivna till OUT; inget spel vanns; 2 oavslutade, stoppade utan "
           "vinnare vid taket på 2 händer (partier 1, 2)",
           "OUT: 2 partier (2 oavslutade), 4 händer: varje drag, stick, resultat, total och vinnare stämmer"],
}


@pytest.mark.parametrize("code", sorted(SELFPLAY_AT_ONE_AND_TWO))
def test_selfplay_and_replay_say_one_game_and_one_hand_in_the_singular(code: str, tmp_path: Path) -> None:
    """rook selfplay's last line and rook replay's for one game of one hand and for two, won (a goal of 1 point:
    one hand a game) and stopped at a cap of --max-hands 1 and 2: the games, the hands, the unfinished and the cap
    each in their own form."""
    house = tmp_path / "quick.toml"
    house.write_text("goal = 1\n", encoding="utf-8")
    out = tmp_path / "g.jsonl"
    said = []
    for args in (["-n", "1", "--rules", str(house)], ["-n", "2", "--rules", str(house)],
                 ["-n", "1", "--max-hands", "1"], ["-n", "2", "--max-hands", "2"]):
        for command in (["selfplay", *args, "--bots", "random", "--out", str(out)], ["replay", str(out)]):
            result = CliRunner().invoke(app, ["--lang", code, *command])
            assert result.exit_code == 0, result.output
            said.append(" ".join(result.stdout.split()).replace(str(out), "OUT"))
    assert said == SELFPLAY_AT_ONE_AND_TWO[code]


# A hand's record with more buried cards and partner calls than its rules have steps for: one buried card and two
# calls, then two and one, each count in its own form.
DECLARATIONS_AT_ONE_AND_TWO = {
    "en": ["1 buried card and 2 partner calls are recorded; the rules have fewer, or they are out of order",
           "2 buried cards and 1 partner call are recorded; the rules have fewer, or they are out of order"],
    "es": ["figuran 1 carta enterrada y 2 llamadas de compañero; las reglas tienen menos, o están fuera de orden",
           "figuran 2 cartas enterradas y 1 llamada de compañero; las reglas tienen menos, o están fuera de orden"],
    "pt": ["estão registradas 1 carta enterrada e 2 chamadas de parceiro; as regras têm menos, ou estão fora de ordem",
           "estão registradas 2 cartas enterradas e 1 chamada de parceiro; as regras têm menos, ou estão fora de "
           "ordem"],
    "sv": ["1 undanlagt kort och 2 partnerutrop står i protokollet; reglerna har färre, eller så är de i fel ordning",
           "2 undanlagda kort och 1 partnerutrop står i protokollet; reglerna har färre, eller så är de i fel ordning"],
}


@pytest.mark.parametrize("code", sorted(DECLARATIONS_AT_ONE_AND_TWO))
def test_a_records_buried_cards_and_partner_calls_are_each_told_in_their_own_form(code: str) -> None:
    """The record's error for declarations the rules have no steps for: the buried cards and the partner calls are
    two counts, each a plural phrase of the one sentence; in English for the logs (str), the reader's language on
    screen (words)."""
    said: list[str] = []
    for buried, partners in ((1, 2), (2, 1)):
        with pytest.raises(RecordError) as caught:
            declarations((), {"buried": ["R1", "R2"][:buried], "calls": {"partner": ["Y5", "Y6"][:partners]}})
        assert str(caught.value) == DECLARATIONS_AT_ONE_AND_TWO["en"][len(said)]
        with speaking(code):
            said.append(caught.value.words())
    assert said == DECLARATIONS_AT_ONE_AND_TWO[code]


# The last sentences whose count can be 1, at 1 and at 2: too few units registered for a table, the seats a new
# table was given, the cards left to pick for the burial (full screen), a player's points per hand (the history
# page), and the partner calls made so far (its sentence's form is the minimum's: the calls read in words that fit
# every count).
LAST_AT_ONE_AND_TWO = {
    "en": [("a table of R seats 4 units: 1 registered", "a table of R seats 4 units: 2 registered"),
           ("R has 4 seats; 1 given", "R has 4 seats; 2 given"),
           ("1 more to pick", "2 more to pick"),
           ("Ann: 1 point per hand", "Ann: 2 points per hand"),
           ("partner cards (1 called so far)", "partner cards (2 called so far)")],
    "es": [("una mesa de R sienta 4 unidades: hay 1 inscrita", "una mesa de R sienta 4 unidades: hay 2 inscritas"),
           ("R tiene 4 asientos; se dio 1", "R tiene 4 asientos; se dieron 2"),
           ("falta 1 por elegir", "faltan 2 por elegir"),
           ("Ann: 1 punto por mano", "Ann: 2 puntos por mano"),
           ("cartas de compañero (llamadas hasta ahora: 1)", "cartas de compañero (llamadas hasta ahora: 2)")],
    "pt": [("uma mesa de R senta 4 unidades: 1 inscrita", "uma mesa de R senta 4 unidades: 2 inscritas"),
           ("R tem 4 assentos; foi dado 1", "R tem 4 assentos; foram dados 2"),
           ("falta 1 para escolher", "faltam 2 para escolher"),
           ("Ann: 1 ponto por mão", "Ann: 2 pontos por mão"),
           ("cartas de parceiro (chamadas até agora: 1)", "cartas de parceiro (chamadas até agora: 2)")],
    "sv": [("ett bord i R har plats för 4 enheter: 1 anmäld", "ett bord i R har plats för 4 enheter: 2 anmälda"),
           ("R har 4 platser; 1 angiven", "R har 4 platser; 2 angivna"),
           ("1 till att välja", "2 till att välja"),
           ("Ann: 1 poäng per hand", "Ann: 2 poäng per hand"),
           ("partnerkort (utropade hittills: 1)", "partnerkort (utropade hittills: 2)")],
}


@pytest.mark.parametrize("code", sorted(LAST_AT_ONE_AND_TWO))
def test_the_last_counts_that_can_be_one_read_in_the_singular_at_one(code: str) -> None:
    """Each at 1 and at 2, filled by the server and as the page fills it."""
    counted: tuple[tuple[Template, dict[str, int | str], str], ...] = (
        (tournament_words.ERRORS["too_few_units"], {"rules": "R", "sides": 4}, "count"),
        (refusals.SERVER["seats_count"].text, {"rules": "R", "players": 4}, "given"),
        (screen.PROMPT["more_to_pick"], {}, "more"),
        (pages.PAGES["hs_bar"], {"name": "Ann"}, "points"),
        (refusals.REFUSALS["partner_calls_needed"].text, {"min": 3}, "called"))
    said = [tuple(both_say(template, {**params, count: n}, code) for n in (1, 2))
            for template, params, count in counted]
    expected = LAST_AT_ONE_AND_TWO[code]
    assert said[:4] == expected[:4]
    assert said[4][0].endswith(expected[4][0]) and said[4][1].endswith(expected[4][1]), said[4]


def test_the_page_and_the_server_choose_the_same_plural_form_in_every_language() -> None:
    """Every plural of the catalogs at 0, 1, 2 and 5: the form the server picks (the catalog's Plural-Forms) is
    the one the page picks (CLDR's rule, as the browser's Intl.PluralRules has it): Portuguese says 0 in the
    singular, English and Swedish in the plural."""
    plurals = [t for t in TEMPLATES if isinstance(t, tuple)]
    for one, many in plurals:
        template = Plural(one, many, "count")
        names = {f for text in (one, many) for _, f, _, _ in Formatter().parse(text) if f}
        for code in LANGUAGES:
            for n in (0, 1, 2, 5):
                both_say(template, {**{name: name.upper() for name in names}, "count": n}, code)


# ---------------------------------------------------------------------- the command line
def test_rook_lang_es_rules_explains_the_preset_in_spanish() -> None:
    out = CliRunner().invoke(app, ["--lang", "es", "rules", "kentucky-discard"]).output
    said = " ".join(out.split())
    assert "Cómo se juega" in said and "El nido (viuda):" in said and "baza" in said and "triunfo" in said
    assert "entierra cinco" in said and "queda en contra" in said and "How to play" not in said
    assert language() == "en"  # a command line run inside a process leaves it as it was


def test_the_help_and_an_error_speak_the_language_asked_for() -> None:
    out = CliRunner().invoke(app, ["--lang", "sv", "play", "--help"]).output
    assert "Användning:" in out and "Alternativ" in out and "radläge för skärmläsare" in out
    bad = CliRunner().invoke(app, ["--lang", "pt", "rules", "nowhere.toml"])
    assert bad.exit_code == 2 and "erro: 'nowhere.toml' não é nem um preset nem um arquivo" in bad.output
    unknown = CliRunner().invoke(app, ["--lang", "de", "rules"])
    assert unknown.exit_code == 2 and "--lang de: unknown language; languages: en, es, pt, sv" in unknown.output


PARSE_ERRORS = {  # a command line Click cannot parse: what it says in Spanish, from the error's parts
    ("play", "--bogus"): "No existe la opción --bogus",
    ("selfplay", "--bot", "x"): "No existe la opción --bot (opciones parecidas: --bots, --out)",
    ("selfplay", "-n", "abc"): "Valor no válido para '--games' / '-n': 'abc' no es un número entero.",
    ("replay",): "Falta el argumento 'file'.",
    ("play", "--rules"): "La opción '--rules' necesita un valor.",
    ("play", "--plain=3"): "La opción '--plain' no admite valor.",
    ("serve", "--port", "0"): "Valor no válido para '--port' / '-p': '0' no está entre 1 y 65535.",
    ("play", "--pace", "-1"): "Valor no válido para '--pace': '-1' no está entre 0 y 10.",
    ("play", "--pace", "nan"): "Valor no válido para '--pace': 'nan' no es un número.",
    ("serve", "--log-format", "xml"): "Valor no válido para '--log-format': 'xml' no es ninguno de 'text' o 'json'.",
    ("replay", "a", "b"): "Sobra un argumento (b)",
    ("bogus",): "No existe la orden 'bogus'. ¿Quería decir 'bots'?",
}


@pytest.mark.parametrize("args", list(PARSE_ERRORS))
def test_a_command_line_that_cannot_be_parsed_is_told_in_the_readers_language(args: tuple[str, ...]) -> None:
    said = CliRunner().invoke(app, ["--lang", "es", *args])
    assert said.exit_code == 2 and PARSE_ERRORS[args] in " ".join(said.output.split()), said.output
    pseudo = CliRunner().invoke(app, ["--lang", PSEUDO, *args])
    panel = [line.strip("│ ") for line in pseudo.output.splitlines() if line.startswith("│")]  # the error's box
    leaks = [(line, bypassing(line, {"file", "bogus", "bot", "bots", "games", "abc", "plain", "pace", "nan", "port",
                                     "format", "log", "xml", "text", "json", "rules", "out", "b"}))
             for line in panel]
    assert pseudo.exit_code == 2 and "⟦" in pseudo.output and not [leak for leak in leaks if leak[1]], leaks


def test_an_unknown_language_in_rook_lang_is_told_in_the_locales_language_when_it_is_ours() -> None:
    said = CliRunner().invoke(app, ["rules"], env={"ROOK_LANG": "de", "LC_ALL": "", "LC_MESSAGES": "",
                                                   "LANG": "es_ES.UTF-8"})
    assert said.exit_code == 2 and "ROOK_LANG de: idioma desconocido; idiomas: en, es, pt, sv" in said.output
    unknown = CliRunner().invoke(app, ["--lang", "xx", "rules"], env={"ROOK_LANG": "sv"})
    assert unknown.exit_code == 2 and "--lang xx: okänt språk" in unknown.output
    english = CliRunner().invoke(app, ["rules"], env={"ROOK_LANG": "de", "LC_ALL": "", "LC_MESSAGES": "",
                                                      "LANG": "de_DE.UTF-8"})
    assert english.exit_code == 2 and "ROOK_LANG de: unknown language" in english.output


def test_rook_lang_sv_rook_play_plain_plays_in_swedish(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "--plain", "--seed", "3", "--saves-dir", str(tmp_path)],
                                input="p\nhjälp\nx\n", env={"ROOK_LANG": "sv"})
    said = result.output
    assert result.exit_code == 0, said
    assert "Platser: Du (plats 0); Väst (plats 1, Grundläggande)" in said and "Ditt bud (pass, " in said
    assert "Du passar." in said and "Skriv ett val och tryck Enter:" in said
    assert "Förstår inte: 'x' är inget val här" in said and "Spelet sparat till" in said


# ---------------------------------------------------------------------- the line mode in Portuguese
class Portuguese:
    """A person who answers in Portuguese: 'passo' in the auction after a first bid of the top, 'vermelho'
    for trump, cards to bury and play by their codes, and 'ajuda', 'dica', 'regras' once each."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.asked: list[str] = ["ajuda", "dica", "regras", "placar"]
        self.bid = False

    def readline(self, size: int = -1, /) -> str:
        assert self.match is not None
        if self.asked:
            return self.asked.pop(0) + "\n"
        v = view_of(self.match.hand, 0, self.match.totals)
        if v.phase == Phase.BID:
            if not self.bid:
                self.bid = True
                return str(max(a for a in v.legal if a >= A.BID) - A.BID) + "\n"
            return "passo\n"
        if v.step == "bury":
            return card_str(v.legal[0] - A.BURY) + "\n"
        if v.step == "trump":
            return "vermelho\n"
        if v.phase == Phase.PLAY:
            return card_str(v.legal[0]).lower() + "\n"
        return "\n"


def test_the_line_mode_plays_a_hand_in_portuguese() -> None:
    rules = load("kentucky-discard")
    answers = Portuguese()
    match = Match(rules, 11)
    answers.match = match
    out = io.StringIO()
    set_language("pt")
    play_plain(rules, 0, ["human", "heuristic", "heuristic", "heuristic"], 11, answers, out, match=match)
    said = out.getvalue()
    assert match.hands, said  # the hand was played to its end
    assert "Sua mão (9 cartas):" in said and "Digite uma opção e aperte Enter:" in said  # 'ajuda'
    assert "Dica (a melhor primeiro" in said and "O monte (viúva):" in said  # 'dica', 'regras'
    assert "Você vence a licitação com 120." in said and "Você escolhe o trunfo: Vermelho." in said
    assert "O trunfo é Vermelho." in said and re.search(r"ganha a vaza 1 com [BRYG]\d+ \(\d+ pontos?\)\.", said)
    assert re.search(r"Mão 1: você licitou 120 com trunfo Vermelho, sua dupla fez \d+ e (cumpriu|ficou batida)\.",
                     said), said
    assert "Totais: Nós" in said and "Eles" in said
    english = {"You", "trick", "trump", "bid", "Your", "Hand", "Totals"}
    assert not english & set(re.findall(r"[A-Za-z]+", said)), english & set(re.findall(r"[A-Za-z]+", said))


# ---------------------------------------------------------------------- the pseudo-language run
CARD = re.compile(r"\b(?:[BRYG]\d{1,2}|RK2?)\b", re.I)
NEUTRAL = {*REGISTRY, *PRESETS, *ALIASES, *(w for name in (*PRESETS, *ALIASES) for w in name.split("-")),
           "rook", "Rook", "Ann", "Bo", "rookgame", "Python", "jsonl", "toml", "kB", "MB", "SIGTERM", "ctrl", "nt",
           "RK", "RK2", "root"}


def bypassing(text: str, also: set[str] = frozenset(),  # type: ignore[assignment]
              raw: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The words of ``text`` outside the pseudo-language's brackets: text that did not come from a catalog.
    Cards, numbers, names and identifiers (bots, presets) are no words of a language; but those of ``raw`` are
    words a page should have said by their names (a bot's level where the page names it)."""
    outside = []
    depth = 0
    word = []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            word.append(ch)
    rest = CARD.sub(" ", "".join(word))
    for token in re.findall(r"[A-Za-z][A-Za-z_'-]*[A-Za-z]", rest):
        if token in raw or (token not in NEUTRAL and token not in also and token.lower() not in also):
            outside.append(token)
    return outside


def glued(text: str, spaced: bool = True) -> list[str]:
    """Two translated pieces glued together outside any template: with nothing between them, or (``spaced``)
    a bare space or colon after a piece that ends no sentence ("⟦Totals:⟧ ⟦...⟧", "⟦Bidding⟧: ⟦...⟧"): a
    sentence made of fragments.  Whole sentences one after another ("⟦... yet.⟧ ⟦The ...⟧"), a list's
    separators (" · ", ", "), the pieces a template's parameters bring (inside its brackets) and Typer's marks
    after a help ("⟦[required]⟧") are no glue.  The full screen's status lines set a label before its value
    ("⟦Trump:⟧ ⟦not named yet⟧"), a layout and no sentence: there only pieces with nothing between them count."""
    found = []
    depth = 0
    joint = r":? ?⟦(?!\[)" if spaced else r"⟦"
    for i, ch in enumerate(text):
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
            if depth == 0 and re.match(joint, text[i + 1:i + 5]) and text[i - 1:i] not in (".", "!", "?"):
                found.append(text[max(0, i - 20):i + 20])
    return found


@pytest.mark.slow
def test_a_pseudo_language_run_of_the_line_mode_finds_no_text_outside_the_catalogs() -> None:
    from tests.test_plain import BOTS, RULES, Answers

    answers = Answers(limit=400)
    match = Match(RULES, 11)
    answers.match = match
    out = io.StringIO()
    set_language(PSEUDO)
    script = io.StringIO("hello\nY15\nhelp\nrules\nhint\nhand\nscore\nlast\n")

    class Both:  # a few words that are no choice, then the usual answers
        def readline(self, size: int = -1, /) -> str:
            line = script.readline()
            return line if line else answers.readline()

    play_plain(RULES, 0, BOTS, 11, Both(), out, match=match)
    said = out.getvalue()
    assert "⟦" in said and match.hands
    leaks = [(line, bypassing(line)) for line in said.splitlines() if bypassing(line)]
    assert not leaks, leaks[:5]
    assert not glued(said), glued(said)[:5]


@pytest.mark.slow
def test_a_pseudo_language_run_of_the_command_line_finds_no_text_outside_the_catalogs() -> None:
    runner = CliRunner()
    rules = load("kentucky-discard")
    table = {w for row in rules_rows(rules) for cell in row[:2] for w in re.findall(r"[\w-]+", cell)}
    table |= {"bird", "block", "declarations", "deck", "points", "tricks"}
    commands = ["rules", "selfplay", "replay", "arena", "play", "serve", "analyze", "tournament", "bots"]
    for args in (["--help"], *([c, "--help"] for c in commands), ["rules"], ["rules", "kentucky-discard"], ["bots"]):
        out = runner.invoke(app, ["--lang", PSEUDO, *args]).output
        options = set(re.findall(r"--[a-z-]+|-[a-z]\b", out))
        metavars = {"TEXT", "INTEGER", "FLOAT", "PATH", "LANG", "FILE", "PRESET", "COMMAND", "ARGS", "OPTIONS",
                    "N", "BOOL", "bool", "str", "int", "text", "integer", "float", "path", "local", "ray",
                    "matchpoints", "imps", "auto", "swiss", "round", "robin", "GAME", "x", "s", "of", "range", "choice",
                    "file", "spec", "list"}
        words = {w.strip("-") for o in options for w in [o, *o.split("-")]} | metavars | table | set(commands)
        lines = [re.sub(r"<[^>]*>", " ", line) for line in out.splitlines()]  # a value's type: Typer's notation
        leaks = [(line, bypassing(line, words)) for line in lines if bypassing(line, words)]
        assert not leaks, (args, leaks[:5])
        assert not glued(out), (args, glued(out)[:5])


@pytest.mark.slow
def test_a_pseudo_language_run_of_the_full_screen_finds_no_text_outside_the_catalogs(tmp_path: Path) -> None:
    from textual.pilot import Pilot

    from rookgame.tui.app import CoverScreen, GameScreen, RookApp, Settings, SetupScreen
    from tests.test_tui import screen_text

    seen: list[str] = []

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        seen.append(screen_text(app))
        await pilot.press("question_mark")
        seen.append(screen_text(app))
        await pilot.press("escape")
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.match.hand
        for _ in range(200):
            if screen.pause is not None:
                break
            seen.append(screen_text(app))
            if screen.my_turn():
                if hand.phase == Phase.BID:
                    await pilot.press("x", "h", "end", "enter")
                elif screen.bury_step():
                    await pilot.press("1", "h", "2", "3", "4", "5", "enter")
                else:
                    await pilot.press("x", "l", "enter")
            else:
                await pilot.press("enter")
        seen.append(screen_text(app))
        await pilot.press("l", "x")
        seen.append(screen_text(app))

    async def pass_and_play(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        assert isinstance(app.screen, CoverScreen)
        seen.append(screen_text(app))
        await pilot.press("enter")
        seen.append(screen_text(app))

    async def go(app: RookApp, run: Callable[[Pilot[int], RookApp], Awaitable[None]]) -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert isinstance(app.screen, SetupScreen)
            await run(pilot, app)

    set_language(PSEUDO)
    for settings, run in ((Settings("kentucky-discard", 0, "heuristic", "heuristic", 5), script),
                          (Settings("kentucky-discard", 0, "heuristic", "heuristic", 5, ("Ann", "Bo")), pass_and_play)):
        asyncio.run(go(RookApp(settings, pace=0, saves_dir=tmp_path / str(len(seen))), run))
    assert len(seen) > 10
    table = {w for row in rules_rows(load("kentucky-discard")) for cell in row[:2] for w in re.findall(r"[\w-]+", cell)}
    leaks = [(line, bypassing(line, table)) for text in seen for line in text.splitlines() if bypassing(line, table)]
    assert not leaks, leaks[:5]
    assert not glued("\n".join(seen), spaced=False), glued("\n".join(seen), spaced=False)[:5]


# ---------------------------------------------------------------------- 80x24 in every language
def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


@pytest.mark.slow
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_full_screen_holds_at_80x24_in_every_language(code: str, tmp_path: Path) -> None:
    """Every line of the screen's words shows whole at 80x24, the longest translations included: the setup's
    labels, the info line to its last item, the caption of the trick, a key's message, the footer's keys."""
    from textual.pilot import Pilot
    from textual.widgets import Label

    from rookgame.tui.app import GameScreen, RookApp, Settings
    from rookgame.tui.render import trick_shown
    from rookgame.words.screen import INFO, SETUP
    from tests.test_tui import panel, screen_text

    def check(app: RookApp, what: str) -> None:
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) <= 24 and all(len(line.rstrip()) <= 80 for line in lines), (code, what)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        info = flat(panel(app, "#info"))
        assert info.endswith(gettext(INFO["help"])), (code, what, info)  # the last item: nothing cut off
        if screen.message:
            assert flat(screen.message) in flat(panel(app, "#prompt")), (code, what, screen.message)
        caption = screen.view().trick and trick_shown(screen.view(), screen.seating)[2]
        if caption:
            assert flat(caption) in flat(panel(app, "#center")), (code, what, caption)
        footer = lines[-1]
        for binding in screen._bindings.key_to_bindings.values():
            for b in binding:
                if b.show and b.description:
                    assert b.description in footer, (code, what, b.description, footer)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        rows = screen_text(app).splitlines()
        for label in app.screen.query(Label):  # each of the setup's labels shows whole in its place
            r = label.region
            shown = flat(" ".join(row[r.x:r.right] for row in rows[r.y:r.bottom]))
            assert shown == flat(str(label.content)) and shown, (code, shown, str(label.content))
        assert {flat(fill(SETUP[k], {})) for k in ("rules", "file", "people", "your_seat", "seed")} <= {
            flat(str(label.content)) for label in app.screen.query(Label)}
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = screen.match.hand
        for step in range(200):
            if screen.pause is not None:
                break
            if screen.my_turn():
                await pilot.press("x")  # a dead key: its message says what the keys are
                check(app, f"step {step}")
                if hand.phase == Phase.BID:
                    await pilot.press("end", "enter")
                elif screen.bury_step():
                    await pilot.press(*"12345", "enter")
                else:
                    await pilot.press("enter")
            else:
                await pilot.press("enter")
        check(app, "the hand's result")
        await pilot.press("l")
        check(app, "l after the hand")

    set_language(code)
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", 5), pace=0, saves_dir=tmp_path)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot, app)

    asyncio.run(go())


@pytest.mark.slow
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_help_screen_and_the_pass_and_play_cover_hold_at_80x24_in_every_language(code: str,
                                                                                     tmp_path: Path) -> None:
    """The ? screen and the cover that hides a person's cards between turns show whole at 80x24: no line past
    the 80th column or the 24th row, the help's opening words, title and its keys' table in place, the cover's
    title, words and button whole."""
    from textual.pilot import Pilot

    from rookgame.tui.app import CoverScreen, HelpScreen, RookApp, Settings
    from rookgame.words.rules import rules_title
    from rookgame.words.screen import COVER
    from rookgame.words.screen import HELP as HELP_WORDS
    from tests.test_tui import screen_text

    def fits(app: RookApp, what: str) -> str:
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24 and all(len(line.rstrip()) <= 80 for line in lines), (code, what, lines)
        return flat("\n".join(lines))

    async def helping(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = fits(app, "?")
        assert flat(gettext(HELP_WORDS["how"])) in shown, (code, shown)
        title = flat(fill(HELP_WORDS["title"], {"rules": rules_title(load("kentucky-discard"))}))
        assert title in shown, (code, title, shown)

    async def covering(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        assert isinstance(app.screen, CoverScreen)
        shown = fits(app, "cover")
        cover = app.screen
        said: dict[str, int | str] = {"name": cover.person, "seat_number": cover.seat}
        for key in ("title", "text", "button"):
            assert flat(fill(COVER[key], said)) in shown, (code, key, shown)

    set_language(code)
    for settings, run in ((Settings("kentucky-discard", 0, "heuristic", "heuristic", 5), helping),
                          (Settings("kentucky-discard", 0, "heuristic", "heuristic", 5, ("Ann", "Bo")), covering)):
        asyncio.run(at_80x24(RookApp(settings, pace=0, saves_dir=tmp_path / run.__name__), run))


async def at_80x24(app: Any, run: Callable[[Any, Any], Awaitable[None]]) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await run(pilot, app)


# ---------------------------------------------------------------------- the browser's language (issue 26)
def test_a_browser_is_answered_in_the_first_of_its_accept_language_that_is_ours() -> None:
    from rookgame.words.language import accepted

    assert accepted("sv-SE,sv;q=0.9,en;q=0.8") == "sv"
    assert accepted("de-DE,de;q=0.9,pt-BR;q=0.5") == "pt"  # German is not ours: the next that is
    assert accepted("en;q=0.2,es") == "es"  # by weight, not by place
    assert accepted("fr, es;q=0") == "en"  # q=0: not wanted
    assert accepted("qps") == "en" and accepted("") == "en" and accepted(None) == "en" and accepted(";;q=x,") == "en"


def test_the_pages_words_come_in_the_readers_language_from_the_switch_or_accept_language(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from rookgame.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0)) as client:
        es = client.get("/api/words", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
        assert es["lang"] == "es" and es["page"]["tb_score"] == "Tanteo" and es["languages"]["sv"] == "Svenska"
        sv = client.get("/api/words?lang=sv", headers={"Accept-Language": "es"}).json()  # the switch wins
        assert sv["lang"] == "sv" and sv["page"]["tb_score"] == "Ställning"
        assert sv["refusals"]["seat_taken"]["other"] != es["refusals"]["seat_taken"]["other"]
        assert client.get("/api/words").json()["page"]["tb_score"] == "Score"
        bad = client.get("/api/words?lang=xx")
        assert bad.status_code == 400 and "unknown language" in bad.json()["error"] and "sv" in bad.json()["error"]
        presets = client.get("/api/options?lang=pt").json()["presets"]
        assert any(p["title"] == "Baralho completo" for p in presets) and all(p["about"] for p in presets)
        code = client.post("/api/tables", json={"name": "T", "your_name": "Ann"}).json()["code"]
        rules = client.get(f"/api/tables/{code}/rules?lang=sv").json()
        assert rules["how"] and all(head and text for head, text in rules["how"])
        assert rules["how"] != client.get(f"/api/tables/{code}/rules?lang=es").json()["how"]
        assert client.get("/api/tables/NOSUCH/rules").status_code == 404
