"""Reference point: a simplified shedding game written as one tight function.

This is not Lopti and not the engine: it is about the fastest a Lopti-like round can be played
in plain CPython, so that `bench_engine.py` can say how far the engine is from the practical
ceiling. One function holds everything in local variables: the deal (three face-down, three
face-up, three in hand, the rest a deck), per-rank count hands, a pile of (rank, count)
plays, the legal plays (a higher or equal rank, 2/3/7/10 always, a 7 asks for 7 or lower),
10s and four of a kind clear, pick up when nothing else is legal (or by choice), draw to
three, take up the face-up cards, then reveal the face-down ones; the first seat out wins.
Each seat picks uniformly among its legal moves (`random`) or sheds the lowest rank it can,
all copies (`greedy`). Counted moves are the plays, pickups and reveals.

Prints one JSON line `{"games", "moves", "cpu_seconds", "moves_per_cpu_second", "players",
"bots"}` (CPU time of this process):

    python benchmarks/bench_tight.py --games 2000 --players 4 --bots random
"""

from __future__ import annotations

import argparse
import json
import random
import time

MAX_MOVES = 20000


def tight(games: int, players: int, bots: str, seed: int) -> int:
    """Play `games` rounds; the number of moves made."""
    greedy = bots == "greedy"
    total = 0
    for game_seed in range(seed, seed + games):
        rng = random.Random(game_seed)
        choice_rng = random.Random(-1 - game_seed)
        deck = [r for r in range(2, 15) for _ in range(4)]
        rng.shuffle(deck)
        downs = [[deck.pop() for _ in range(3)] for _ in range(players)]
        ups = [[deck.pop() for _ in range(3)] for _ in range(players)]
        hands = [[0] * 15 for _ in range(players)]
        sizes = [3] * players
        for hand in hands:
            for _ in range(3):
                hand[deck.pop()] += 1
        pile_ranks: list[int] = []
        pile_counts: list[int] = []
        seat = rng.randrange(players)
        moves = 0
        while moves < MAX_MOVES:
            moves += 1
            hand = hands[seat]
            if not sizes[seat] and not ups[seat]:  # face-down: reveal, maybe pick up
                down = downs[seat]
                rank = down.pop(choice_rng.randrange(len(down)))
                top = pile_ranks[-1] if pile_ranks else 0
                if (top == 7 and rank > 7) or (rank < top and rank not in (2, 3, 10) and top != 2):
                    for r, c in zip(pile_ranks, pile_counts, strict=True):
                        hand[r] += c
                        sizes[seat] += c
                    hand[rank] += 1
                    sizes[seat] += 1
                    pile_ranks.clear()
                    pile_counts.clear()
                    seat = (seat + 1) % players
                    continue
                count = 1
            else:
                top = pile_ranks[-1] if pile_ranks else 0
                legal: list[tuple[int, int]] = []
                for r in range(2, 15):
                    n = hand[r]
                    if not n:
                        continue
                    if top == 7:
                        if r > 7:
                            continue
                    elif r < top and r not in (2, 3, 10) and top != 2:
                        continue
                    for c in range(1, n + 1):
                        legal.append((r, c))
                if pile_ranks:
                    legal.append((0, 0))  # the pickup
                if greedy:
                    rank, count = legal[0]
                    if rank:
                        count = hand[rank]
                else:
                    rank, count = legal[choice_rng.randrange(len(legal))]
                if not rank:
                    for r, c in zip(pile_ranks, pile_counts, strict=True):
                        hand[r] += c
                        sizes[seat] += c
                    pile_ranks.clear()
                    pile_counts.clear()
                    seat = (seat + 1) % players
                    continue
                hand[rank] -= count
                sizes[seat] -= count
            pile_ranks.append(rank)
            pile_counts.append(count)
            run = 0
            i = len(pile_ranks) - 1
            while i >= 0 and pile_ranks[i] == rank:
                run += pile_counts[i]
                i -= 1
            cleared = rank == 10 or run >= 4
            if cleared:
                pile_ranks.clear()
                pile_counts.clear()
            while deck and sizes[seat] < 3:
                hand[deck.pop()] += 1
                sizes[seat] += 1
            if not sizes[seat] and ups[seat]:
                for r in ups[seat]:
                    hand[r] += 1
                sizes[seat] += len(ups[seat])
                ups[seat] = []
            if not sizes[seat] and not downs[seat]:
                break  # the first seat out wins
            if not cleared:
                seat = (seat + 1) % players
        total += moves
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", choices=("random", "greedy"), default="random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.process_time()
    moves = tight(args.games, args.players, args.bots, args.seed)
    cpu = time.process_time() - start
    result = {
        "games": args.games,
        "moves": moves,
        "cpu_seconds": round(cpu, 3),
        "moves_per_cpu_second": round(moves / cpu) if cpu else None,
        "players": args.players,
        "bots": args.bots,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
