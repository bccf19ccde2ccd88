"""Players who are known, their ratings, table talk and clubs, in words.

- :data:`SERVER`: why an account request, a word at the table or a club's request was refused, and what the
  server tells a table about its talk, by code (they travel as a code and its params, beside the lobby's).
- :data:`PAGE`: the sentences and labels of the account, profile, leaderboard and club pages and of the
  table's talk, by code.
- :data:`PHRASES`: the quick phrases of the table's talk: the wire carries the code, each person reads the
  phrase in their own language.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rules import PRESETS
from . import refusals
from .catalog import N_, Params, Plural, Say, Template, fill, says
from .catalog import as_data as template_data
from .language import language
from .rules import preset_name

SERVER: dict[str, Say] = says({
    # signing up and in
    "handle_bad": N_("a sign-in name is {min} to {max} letters, digits, dots, dashes or underscores"),
    "handle_taken": N_("the sign-in name {handle} is taken on this server; choose another"),
    "password_short": N_("a password is at least {min} characters"),
    "password_long": N_("a password is at most {max} characters"),
    "wrong_password": N_("that sign-in name and password do not match a profile here"),
    "too_many_tries": Plural("too many wrong passwords for this sign-in name; try again in {minutes} minute",
                             "too many wrong passwords for this sign-in name; try again in {minutes} minutes",
                             "minutes"),
    "not_signed_in": N_("sign in first"),
    "csrf_refused": N_("this request did not come from this server's own page; reload the page and try again"),
    "only_server_host": N_("only the server's host may add people"),
    "link_bad": N_("this set-up link has been used or has run out; ask the host for a new one"),
    "no_player": N_("there is no profile {player} on this server"),
    "no_result": N_("game {game} has no result here"),
    "passkey_bad": N_("the passkey was not accepted; try again, or sign in with your password"),
    # table talk
    "talk_one": N_("say either words or a quick phrase"),
    "talk_phrase": N_("{phrase} is not a quick phrase; phrases: {phrases}"),
    "talk_empty": N_("say something: a message needs a letter, a digit or a sign"),
    "talk_long": N_("a message is at most {max} characters"),
    "talk_too_fast": N_("you are talking too fast: one message every {seconds} seconds"),
    "talk_muted": N_("the host has muted you at this table"),
    "mute_nobody": N_("nobody sits at seat {place} to mute"),
    "mute_self": N_("the host does not mute themselves"),
    "talk_muted_seat": Say(N_("the host muted {name} (seat {place})"), you={"place": N_("the host muted you")}),
    "talk_unmuted_seat": Say(N_("{name} (seat {place}) may talk again"), you={"place": N_("you may talk again")}),
    "spectators_muted": N_("the host muted the spectators' talk"),
    "spectators_unmuted": N_("the spectators may talk again"),
    # clubs
    "no_club": N_("there is no club {club} on this server"),
    "only_club_host": N_("only the club's host may do that"),
    "club_invite_bad": N_("this invite link is not the club's, or has run out; ask the club's host for a new "
                          "one"),
    "only_members": N_("only the club's members may do that"),
    "club_no_table": N_("there is no table {table} on this server"),
})

# The quick phrases: the wire carries the code, each reader reads the phrase in their own language.
PHRASES: dict[str, Template] = {
    "hello": N_("Hello, everyone!"),
    "good_bid": N_("Good bid!"),
    "well_played": N_("Well played!"),
    "thanks_partner": N_("Thanks, partner!"),
    "sorry_partner": N_("Sorry, partner."),
    "nice_hand": N_("Nice hand!"),
    "one_moment": N_("One moment, please."),
    "good_game": N_("Good game, everyone!"),
}

PAGE: dict[str, Template] = {
    # the account page
    "acct_title": N_("Your profile"),
    "acct_guest": N_("You are playing as a guest: your name is typed at each table, and nothing is kept for you. "
                     "Sign in to keep your games and your rating."),
    "acct_signed_in": N_("Signed in as {name}."),
    "acct_host": N_("You are this server's host: you may add people."),
    "acct_signup_h": N_("Make a profile"),
    "acct_signin_h": N_("Sign in"),
    "acct_handle": N_("Sign-in name"),
    "acct_name": N_("Name shown at the table"),
    "acct_password": N_("Password"),
    "acct_password_note": N_("At least 8 characters. A passphrase is best."),
    "acct_signup": N_("Make my profile"),
    "acct_signin": N_("Sign in"),
    "acct_signout": N_("Sign out"),
    "acct_signed_out": N_("You have signed out."),
    "acct_add_h": N_("Add a person"),
    "acct_add_note": N_("No email needed: give them a password, or leave it empty to get a link with which they "
                        "choose their own (it works once, for a week)."),
    "acct_add": N_("Add"),
    "acct_added": N_("{name} can sign in now."),
    "acct_added_link": N_("{name}'s set-up link (give it to them alone):"),
    "acct_setup_h": N_("Choose your password"),
    "acct_setup": N_("Save my password"),
    "acct_passkey_add": N_("Add a passkey"),
    "acct_passkey_signin": N_("Sign in with a passkey"),
    "acct_passkey_added": N_("Your passkey is saved: sign in with it next time."),
    # the profile
    "prof_ratings_h": N_("Ratings"),
    "prof_games_h": N_("Games"),
    # a profile's games in three counts, shown together ("12 games, 7 won, 10 counted in the ratings")
    "prof_n_games": Plural("{count} game", "{count} games", "count"),
    # Translators: how many of the profile's games it won ("7 won"): agrees with the games
    "prof_n_won": Plural("{count} won", "{count} won", "count"),
    # Translators: how many of the profile's games count in its ratings: agrees with the games
    "prof_n_counted": Plural("{count} counted in the ratings", "{count} counted in the ratings", "count"),
    "prof_not_counted": N_("not counted: a seat was handed to a bot"),
    "prof_won": N_("won"),
    "prof_lost": N_("lost"),
    "prof_no_games": N_("No finished games yet."),
    # ratings and leaderboards
    "rate_title": N_("Leaderboard"),
    "rate_ladder": N_("Rules"),
    # Translators: the ladder of a house-rules file, a rule set that is no preset: {code} tells one from another
    "rate_house": N_("House rules ({code})"),
    "rate_col_place": N_("Place"),
    "rate_col_player": N_("Player"),
    "rate_col_rating": N_("Rating"),
    "rate_col_games": N_("Games"),
    "rate_value": N_("{shown} ({mu} ± {sigma})"),
    "rate_bot": N_("{name} (bot)"),
    "rate_note": N_("The rating shown is what a player is at least, almost surely: the estimate less three times "
                    "its uncertainty. It rises as games tell who you are. Bots are rated too."),
    "rate_none": N_("No rated games yet."),
    # table talk
    "talk_h": N_("Table talk"),
    "talk_spectators_h": N_("Spectators' talk"),
    "talk_note_spectators": N_("Only other spectators read what you say here; the players' talk shows above."),
    "talk_placeholder": N_("Say something"),
    "talk_send": N_("Say"),
    "talk_phrases": N_("Quick phrases"),
    "talk_line": N_("{name}: {text}"),
    "talk_spectator": N_("a spectator"),
    "talk_mute": N_("Mute {name}"),
    "talk_unmute": N_("Let {name} talk"),
    "talk_mute_spectators": N_("Mute the spectators"),
    "talk_unmute_spectators": N_("Let the spectators talk"),
    # clubs
    "club_title": N_("Club"),
    "club_members_h": N_("Members"),
    "club_tables_h": N_("Tables"),
    "club_events_h": N_("Events"),
    "club_board_h": N_("Leaderboard"),
    "club_board_note": N_("The club's own ratings: only the games played at its tables count here, not those played "
                          "elsewhere on this server."),
    "club_host": N_("{name} (host)"),
    "club_no_tables": N_("No tables yet: a member adds one by its code."),
    "club_no_events": N_("No events planned."),
    "club_game_over": N_("{game}: over"),
    "club_game_playing": N_("{game}: being played"),
    "club_game_waiting": N_("{game}: waiting to start"),
    "club_join": N_("Join this club"),
    "club_join_sign_in": N_("Sign in (or make a profile) to join this club."),
    "club_joined": N_("You are a member of this club."),
    "club_invite": N_("Make an invite link"),
    "club_invite_link": N_("Invite link (good for {days} days; anyone signed in who opens it joins):"),
    "club_add_table": N_("Add a table by its code"),
    "club_table_code": N_("Table code"),
    "club_add": N_("Add"),
    "club_new_event": N_("Plan an event"),
    "club_event_title": N_("What"),
    "club_event_at": N_("When"),
    "club_event_note": N_("Note"),
    "club_event_line": N_("{at}: {title}"),
    "club_create_h": N_("Start a club"),
    "club_name": N_("Club name"),
    "club_create": N_("Start the club"),
    "club_yours_h": N_("Your clubs"),
}


def text(code: str, params: Params) -> str:
    """A refusal of this module in the reader's language; another code: the lobby's and the engine's sentence."""
    say = SERVER.get(code)
    return refusals.refusal_text(code, params) if say is None else fill(say.text, params)


# the refusals of the table's names, which an account's display name meets too
NAME_CODES = ("name_empty", "name_invisible", "name_long", "name_is_bot")


def as_data(also: Mapping[str, Say] | None = None) -> dict[str, object]:
    """For the account pages (``GET /api/account/words``), in the reader's language: the refusals they may meet,
    per code (``also``: the server's own they meet besides, the database away), the pages' own sentences, the
    presets by their names (a ladder is a preset's key, or ``house-`` and a house-rules file's fingerprint:
    ``rate_house``), and the language they are in."""
    said: dict[str, object] = {code: template_data(s.other if s.other is not None else s.text)
                               for code, s in {**SERVER, **(also or {})}.items()}
    for code in NAME_CODES:
        say = refusals.SERVER.get(code) or refusals.REFUSALS.get(code)
        if say is not None:
            said[code] = template_data(say.other if say.other is not None else say.text)
    return {"refusals": said, "page": {code: template_data(t) for code, t in PAGE.items()},
            "phrases": {code: template_data(t) for code, t in PHRASES.items()},
            "presets": {key: preset_name(key) for key in PRESETS}, "lang": language()}


__all__ = ["NAME_CODES", "PAGE", "PHRASES", "SERVER", "as_data", "text"]
