"""Custom-action primitives: what a house rule's actions do to the table (LANGUAGE.md §4).

`game.effects` exposes one method per action, each moving cards through the same code as
the base game and emitting its events on the bus (hooks run depth-first):

- `draw(seat, n)`: up to n `draw` events, fewer if the deck runs out.
- `pickup(seat)`: `pickup` with reason `custom`; ends nobody's turn; resets chain,
  obligation and low rule. Nothing happens on an empty table.
- `give(giver, receiver, n, which)`, `discard(seat, n, which)`: from the hand, lowest ranks
  first unless `which="highest"` or an explicit `choice` (`which="random"`: random cards of
  the hand, from the game's seeded RNG); `which="chosen"` asks the seat
  (`game.ask`, a `give`/`discard` cards ask of exactly the cards that can move; nobody
  answering: the lowest). Observers get a `give`/`discard` note (no base event).
- `take_removed(seat, n)`: the most recently removed known cards back into the hand.
- `shuffle_removed()`: the known removed cards and the deck shuffled together (seeded RNG).
- `clear(causer)`: `clear` with cause `custom`, and the causer (if still in) is owed a bonus
  play: taken where a base bonus would be if they are resolving a play, else at once, out of
  turn, after which play goes on as it would have. A clear after a clear whose bonus play
  is not yet made owes none, cards put under in between or not (that table has its bonus
  play, T5: one bonus play per play's resolution).
- `under(seat, n, which)`: like `discard`, but the cards go to the bottom of the pile (on an
  empty pile they are the pile); an `under` note. `which="chosen"` asks (purpose `under`).
  Only cards that keep the pile one base Lopti can reach move (`pile.py`), and none onto the
  empty table of a clear's bonus play.
- `swap_face(seat)`: the seat picks one of its face-up cards (a `hide` ask; nobody answering:
  the lowest) and it changes places with one of its face-down cards, picked blind (at random,
  from the game's seeded RNG); a `swap_face` note (`cards`: the card now face up, then the
  one now face down). Nothing happens without a face-up and a face-down card.
- `swap_zones(seat)`: the seat's face-up and face-down cards change places, openly; a
  `swap_zones` note (`up`: the cards now face up, `down`: now face down). Nothing happens
  without a face-up or a face-down card; beside an empty hand the cards turned up are taken
  up at once (F2).
- `show(seat, what)`, `announce(actor, text)`, `roshambo(first, second)`: no cards move;
  observers get a `show` / `announce` / `roshambo` note. A roshambo is one decisive throw
  (drawn throws are thrown again), random from the game's seeded RNG.

Invariants kept by every method: cards never go to a finished seat (R3); no action takes a
player's last card (D38: it moves as many as it can while leaving one); a hand an action
empties brings the F2 take-up at once (or, for the player whose play is resolving while
their T4 draw can still follow, right after that draw, as in the base game).
"""

from __future__ import annotations

from collections.abc import Sequence

from lopti_rules.engine.asks import Ask, chosen_cards
from lopti_rules.engine.cards import hand_ranks
from lopti_rules.engine.events import Event
from lopti_rules.engine.exchanges import random_cards
from lopti_rules.engine.flow import Flow
from lopti_rules.engine.pile import low_pending, under_limits

WHICH = ("lowest", "highest", "chosen")
THROWS = ("rock", "paper", "scissors")
_LOWEST = range(2, 15)  # the ranks, lowest first
_HIGHEST = range(14, 1, -1)
_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


class Effects:
    """The custom-action primitives of one game."""

    __slots__ = ("_game",)

    def __init__(self, game: Flow) -> None:
        self._game = game

    def draw(self, seat: int, n: int) -> int:
        """Draw up to `n` cards for `seat`; returns how many were drawn."""
        game = self._game
        drawn = 0
        for _ in range(n):
            if not game.draw(seat):
                break
            drawn += 1
        self._done()
        return drawn

    def pickup(self, seat: int) -> int:
        """`seat` picks up the pile (reason `custom`); returns the number of cards."""
        game = self._game
        if not game.pile_ranks or game.out[seat]:
            return 0
        count = game.pile_size()
        game.pickup(seat, "custom")
        self._done()
        return count

    def give(
        self,
        giver: int,
        receiver: int,
        n: int,
        which: str = "lowest",
        choice: Sequence[int] | None = None,
    ) -> list[int]:
        """Move up to `n` hand cards from `giver` to `receiver`; returns the ranks moved."""
        game = self._game
        which, choice = self._random(giver, n, which, choice)
        if game.out[receiver] or giver == receiver:
            return []
        cards = self._take_from_hand(giver, n, which, choice, "give", receiver)
        hand = game.hands[receiver]
        for rank in cards:
            hand[rank] += 1
        game.hand_sizes[receiver] += len(cards)
        self._note("give", giver, to=receiver, count=len(cards), cards=cards)
        if cards:
            game.hand_emptied(giver)
        game.changed()
        return cards

    def give_rank(self, giver: int, receiver: int, rank: int) -> list[int]:
        """Every hand card of `rank` from `giver` to `receiver`, never the giver's last card
        (D38), as one gift (`give`'s note); returns the ranks moved."""
        held = self._game.hands[giver][rank]
        return self.give(giver, receiver, held, "lowest", [rank] * held) if held else []

    def discard(
        self, seat: int, n: int, which: str = "lowest", choice: Sequence[int] | None = None
    ) -> list[int]:
        """Move up to `n` hand cards of `seat` out of the round; returns the ranks."""
        game = self._game
        which, choice = self._random(seat, n, which, choice)
        cards = self._take_from_hand(seat, n, which, choice, "discard")
        game.removed.extend(cards)
        self._note("discard", seat, count=len(cards), cards=cards)
        if cards:
            game.hand_emptied(seat)
        game.changed()
        return cards

    def under(
        self, seat: int, n: int, which: str = "lowest", choice: Sequence[int] | None = None
    ) -> list[int]:
        """Move up to `n` hand cards of `seat` under the pile (bottom first); returns them.

        The pile stays one base Lopti can reach (`pile.py`): no 3 or 10 goes under it, nor a
        card that would make a run of four of one rank. The cards of one rank put at once
        are one play; the first card put lies lowest. Cards put under an empty pile form it
        (LANGUAGE.md §4): a 7 on top then sets the low rule, as a 7 played does (X7.2;
        likewise under a pile of glass cards only, which take the rank of the cards under
        them), and a bonus play owed on the empty table a clear left is made on that pile
        (its player picks it up if they cannot beat it)."""
        game = self._game
        which, choice = self._random(seat, n, which, choice)
        variants = game.vt.variants
        limits = under_limits(game.pile_ranks, game.pile_counts, variants)
        hand = game.hands[seat]
        movable = [r for r in range(2, 15) for _ in range(min(hand[r], limits[r]))]
        cards = self._take_from_hand(seat, n, which, choice, "under", movable=movable)
        if cards:
            glass = variants.glass
            seen_changes = all(rank == glass for rank in game.pile_ranks)  # empty, or glass
            ranks, counts = plays_of(cards)
            game.pile_ranks[:0] = ranks
            game.pile_counts[:0] = counts
            if seen_changes:  # the rank the next play must beat is one of these cards
                game.low = low_pending(game.pile_ranks, variants)
        self._note("under", seat, count=len(cards), cards=cards)
        if cards:
            game.hand_emptied(seat)
        game.changed()
        return cards

    def swap_face(self, seat: int) -> tuple[int, int] | None:
        """One face-up card of `seat` (its choice) for one face-down card (picked blind);
        returns (the card now face up, the card now face down), or None when it cannot."""
        game = self._game
        up, down = game.face_up[seat], game.face_down[seat]
        if game.out[seat] or not up or not down:
            return None
        (hidden,) = chosen_cards(game.ask(Ask.of_cards(seat, "hide", up, 1)))
        index = game.rng.randrange(len(down))
        shown = down[index]
        down[index] = hidden
        up.remove(hidden)
        up.append(shown)
        self._note("swap_face", seat, count=1, cards=[shown, hidden])
        game.changed()
        return shown, hidden

    def swap_zones(self, seat: int) -> tuple[list[int], list[int]] | None:
        """`seat`'s face-up and face-down cards change places, openly: the face-down cards are
        turned up for everyone to see. Returns (the cards now face up, now face down), or None
        when it has neither. Face-up cards turned up beside an empty hand are taken up (F2)."""
        game = self._game
        up, down = game.face_up[seat], game.face_down[seat]
        if game.out[seat] or not (up or down):
            return None
        shown, hidden = list(down), list(up)
        up[:], down[:] = shown, hidden  # the same lists: views read them live
        self._note("swap_zones", seat, count=len(shown) + len(hidden), up=shown, down=hidden)
        game.hand_emptied(seat)
        game.changed()
        return shown, hidden

    def take_removed(self, seat: int, n: int) -> list[int]:
        """Up to `n` known removed cards (latest removed first) into `seat`'s hand."""
        game = self._game
        if game.out[seat] or n <= 0:
            return []
        k = min(n, len(game.removed))
        cards = [game.removed.pop() for _ in range(k)]
        for rank in cards:
            game.hands[seat][rank] += 1
        game.hand_sizes[seat] += k
        self._note("take", seat, count=k, cards=cards)
        self._done()
        return cards

    def shuffle_removed(self, actor: int | None = None) -> int:
        """Shuffle the known removed cards into the deck; returns how many went in."""
        game = self._game
        moved = len(game.removed)
        deck = game.deck + game.removed
        game.rng.shuffle(deck)
        game.deck = deck
        game.removed = []
        self._note("shuffle", actor, count=moved, cards=[])
        self._done()
        return moved

    def clear(self, causer: int) -> None:
        """Clear the pile (cause `custom`, even an empty one: D20) and owe `causer` a bonus,
        unless a clear already left the table for a bonus play not yet made (owed, granted,
        or about to be; cards put under it since form the pile that bonus play is made on):
        one cleared table, one bonus play, until a play lands (T5, C5; LANGUAGE.md: a bonus
        play is owed once per play's resolution, whoever causes the second clear)."""
        game = self._game
        pending = game.bonus_table
        game.clear(causer, "custom")
        if not pending:
            game.owe_bonus(causer)
        self._done()

    def show(self, seat: int, what: str) -> list[int]:
        """`seat` shows its hand (`what="hand"`) or face-down cards; returns the ranks shown."""
        game = self._game
        if what == "hand":
            cards = hand_ranks(game.hands[seat])
        elif what == "face_down":
            cards = list(game.face_down[seat])
        else:
            raise ValueError(f"`what` must be hand or face_down, not `{what}`")
        self._note("show", seat, what=what, count=len(cards), cards=cards)
        return cards

    def announce(self, actor: int | None, text: str) -> None:
        """A message to the table (no card moves)."""
        self._note("announce", actor, text=text)

    def entitle(self, seat: int, title: str) -> None:
        """`seat` holds the titled role `title` from now on (its one holder: whoever held it
        before no longer does); a finished player is never given one (no card moves)."""
        game = self._game
        if game.out[seat]:
            return
        game.titles[title] = seat
        self._note("title", seat, title=title)

    def roshambo(self, first: int, second: int) -> tuple[int, int]:
        """One decisive throw between two seats; returns (winner, loser)."""
        rng = self._game.rng
        throws: list[str] = []
        while True:
            a, b = rng.choice(THROWS), rng.choice(THROWS)
            throws.append(f"{a}-{b}")
            if a != b:
                break
        winner, loser = (first, second) if _BEATS[a] == b else (second, first)
        self._note("roshambo", first, opponent=second, winner=winner, loser=loser, throws=throws)
        return winner, loser

    # -- helpers ---------------------------------------------------------------------------
    def _random(
        self, seat: int, n: int, which: str, choice: Sequence[int] | None
    ) -> tuple[str, Sequence[int] | None]:
        """`which="random"`: `n` of the seat's hand cards drawn at random (the game's seeded
        RNG, drawn before anything else is decided), taken as an explicit choice."""
        if which != "random":
            return which, choice
        return "lowest", random_cards(self._game, seat, n)

    def _take_from_hand(
        self,
        seat: int,
        n: int,
        which: str,
        choice: Sequence[int] | None,
        purpose: str,
        about: int | None = None,
        movable: list[int] | None = None,
    ) -> list[int]:
        """Up to `n` hand cards of `seat`, never its last card (D38), taken out of the hand:
        with `which="chosen"` the seat's answer to a `purpose` ask (of exactly that many of
        its hand cards), else the ranks of `choice` it holds, then its lowest (or highest).
        `movable`: the hand cards that may move (sorted; None: all of them)."""
        game = self._game
        if which not in WHICH:
            raise ValueError(f"`which` must be lowest, highest or chosen, not `{which}`")
        hand = game.hands[seat]
        offered = hand_ranks(hand) if movable is None else movable
        k = min(n, len(offered), game.cards_of(seat) - 1)  # D38: leave one card
        if k <= 0:
            return []
        if which == "chosen":  # `game.ask` answers with k of the cards offered, checked
            ask = Ask.of_cards(seat, purpose, offered, k, about=about)
            cards = list(chosen_cards(game.ask(ask)))
        else:
            counts = hand if movable is None else [movable.count(r) for r in range(15)]
            cards = _pick(counts, k, _LOWEST if which == "lowest" else _HIGHEST, choice)
        for rank in cards:
            hand[rank] -= 1
        game.hand_sizes[seat] -= len(cards)
        return cards

    def _note(self, name: str, actor: int | None, **fields: object) -> None:
        bus = self._game.bus
        if bus.observers:
            bus.note(Event.make(name, actor, **fields))

    def _done(self) -> None:
        self._game.changed()


def _pick(hand: list[int], k: int, order: range, choice: Sequence[int] | None) -> list[int]:
    """`k` of the ranks `hand` holds (counts by rank): those of `choice` it holds, in that
    order, then the first ranks of `order` (lowest or highest first)."""
    if k == 1 and not choice:  # one card (the usual rule): the first rank held
        return [next(r for r in order if hand[r])]
    cards: list[int] = []
    for rank in choice or ():
        if len(cards) < k and 2 <= rank <= 14 and hand[rank] > cards.count(rank):
            cards.append(rank)
    for rank in order:
        take = min(hand[rank] - cards.count(rank), k - len(cards))
        if take > 0:
            cards.extend([rank] * take)
        if len(cards) == k:
            break
    return cards


def plays_of(cards: Sequence[int]) -> tuple[list[int], list[int]]:
    """Cards put on the pile together, in order, as plays: each run of one rank is one play."""
    ranks: list[int] = []
    counts: list[int] = []
    for rank in cards:
        if ranks and ranks[-1] == rank:
            counts[-1] += 1
        else:
            ranks.append(rank)
            counts.append(1)
    return ranks, counts
