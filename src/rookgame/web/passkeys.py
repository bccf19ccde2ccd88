"""Passkeys (WebAuthn) for a profile, through the maintained ``webauthn`` library (py_webauthn): a signed-in person
adds a passkey; anyone signs in with one.  The library checks every ceremony (the challenge, the origin, the
relying party, the signature and its counter); the server keeps each passkey's public key and counter
(``rook_passkeys``) and each ceremony's challenge in memory for :data:`CEREMONY_SECONDS`, used once.

The relying party is the host the page was opened at, its origin the page's; a browser offers passkeys only to a
secure context (HTTPS, or this computer as ``localhost``), so a family server on the local network's plain HTTP
signs in with passwords.  Nothing of a credential is logged.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from .account_api import AccountsDep, Checked, HubDep, _me, set_session
from .accounts import AccountRefusal, Player

CEREMONY_SECONDS = 300.0
MAX_CEREMONIES = 10_000

router = APIRouter(prefix="/api/account/passkey")
_ceremonies: dict[str, tuple[float, bytes, int | None]] = {}  # id -> (expires, challenge, the profile adding one)


def _remember(challenge: bytes, player: int | None) -> str:
    now = time.monotonic()
    if len(_ceremonies) >= MAX_CEREMONIES:
        for key in [k for k, (t, _, _) in _ceremonies.items() if t < now]:
            del _ceremonies[key]
        if len(_ceremonies) >= MAX_CEREMONIES:
            _ceremonies.clear()
    ceremony = secrets.token_urlsafe(16)
    _ceremonies[ceremony] = (now + CEREMONY_SECONDS, challenge, player)
    return ceremony


def _recall(ceremony: str, player: int | None) -> bytes:
    """The ceremony's challenge, once; a ceremony unknown, run out or another profile's is refused."""
    found = _ceremonies.pop(ceremony, None)
    if found is None or found[0] < time.monotonic() or found[2] != player:
        raise AccountRefusal("passkey_bad", status=400)
    return found[1]


def _party(request: Request) -> tuple[str, str]:
    """The relying party's id (the host the page was opened at) and the page's origin."""
    host = request.headers.get("host") or request.url.netloc
    return request.url.hostname or host.split(":")[0], f"{request.url.scheme}://{host}"


class Finish(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ceremony: Annotated[str, Field(max_length=64)]
    credential: Annotated[dict[str, Any], Field()]


@router.post("/add/options")
async def add_options(request: Request, hub: HubDep, accounts: AccountsDep, session: Checked) -> JSONResponse:
    """The options for ``navigator.credentials.create``: a new passkey for the profile signed in."""
    player: Player = _me(session)
    rp_id, _ = _party(request)
    known = await hub.db(accounts.passkeys_of, player.id)
    options = generate_registration_options(
        rp_id=rp_id, rp_name="Rook", user_id=str(player.id).encode(), user_name=player.handle,
        user_display_name=player.name,
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(k)) for k in known],
        authenticator_selection=AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED,
                                                               user_verification=UserVerificationRequirement.PREFERRED))
    return JSONResponse({"ceremony": _remember(options.challenge, player.id),
                         "options": json.loads(options_to_json(options))})


@router.post("/add")
async def add(body: Finish, request: Request, hub: HubDep, accounts: AccountsDep, session: Checked) -> JSONResponse:
    player = _me(session)
    challenge = _recall(body.ceremony, player.id)
    rp_id, origin = _party(request)
    try:
        done = verify_registration_response(credential=body.credential, expected_challenge=challenge,
                                            expected_rp_id=rp_id, expected_origin=origin)
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError):
        raise AccountRefusal("passkey_bad") from None
    await hub.write(accounts.add_passkey, player.id, bytes_to_base64url(done.credential_id),
                    done.credential_public_key, done.sign_count)
    return JSONResponse({"added": True})


@router.post("/signin/options")
async def sign_in_options(request: Request, _: Checked) -> JSONResponse:
    """The options for ``navigator.credentials.get``: any passkey of this server's (the browser offers its own)."""
    rp_id, _origin = _party(request)
    options = generate_authentication_options(rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
    ceremony = _remember(options.challenge, None)
    return JSONResponse({"ceremony": ceremony, "options": json.loads(options_to_json(options))})


@router.post("/signin")
async def sign_in(body: Finish, request: Request, hub: HubDep, accounts: AccountsDep, _: Checked) -> JSONResponse:
    """Signed in with a passkey: its signature over the ceremony's challenge, checked against its public key."""
    challenge = _recall(body.ceremony, None)
    rp_id, origin = _party(request)
    raw = body.credential.get("id")
    found = await hub.db(accounts.passkey, raw) if isinstance(raw, str) and len(raw) <= 255 else None
    if found is None:
        raise AccountRefusal("passkey_bad", status=401)
    player_id, public_key, count = found
    try:
        done = verify_authentication_response(credential=body.credential, expected_challenge=challenge,
                                              expected_rp_id=rp_id, expected_origin=origin,
                                              credential_public_key=public_key, credential_current_sign_count=count)
    except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError):
        raise AccountRefusal("passkey_bad", status=401) from None
    await hub.write(accounts.passkey_used, raw, done.new_sign_count)
    player = await hub.db(accounts.player, player_id)
    if player is None:
        raise AccountRefusal("passkey_bad", status=401)
    signed = await hub.write(accounts.open_session, player)
    response = JSONResponse({"player": player.to_json(), "csrf": signed.csrf})
    set_session(response, request, signed)
    return response
