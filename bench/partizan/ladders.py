"""Writes bench/partizan/positions.txt, the ladders of positions bench/partizan.sh times:
for each ruleset, boards of growing size made from simple patterns, a few variants of each
size, in growing order (a ruleset's ladder stops at its first position that a program does
not finish within the time limit). Usage: python3 bench/partizan/ladders.py > FILE"""


def board(rows, cols, cell):
    return "|".join("".join(cell(i, j) for j in range(cols)) for i in range(rows))


def sizes(pairs):
    return sorted(pairs, key=lambda rc: (rc[0] * rc[1], rc[0]))


def amazons(r, c):
    last = (r - 1, c - 1)
    corners = board(r, c, lambda i, j: "x" if (i, j) == (0, 0) else "o" if (i, j) == last else ".")
    ends = board(r, c, lambda i, j: "x" if (i, j) == (0, 0) else "o" if (i, j) == (0, c - 1) else ".")
    burnt = board(r, c, lambda i, j: "x" if (i, j) == (0, 0) else "o" if (i, j) == last
                  else "#" if (i, j) == (r // 2, c // 2) else ".")
    return [corners, ends, burnt]


def konane(r, c):
    hole = {((r - 1) // 2, (c - 1) // 2), ((r - 1) // 2, (c - 1) // 2 + 1)}
    start = board(r, c, lambda i, j: "." if (i, j) in hole else "xo"[(i + j) % 2])
    corner = board(r, c, lambda i, j: "." if (i, j) in hole or (i, j) == (0, 0) else "xo"[(i + j) % 2])
    return [start, corner]


def fission(r, c):
    odd = board(r, c, lambda i, j: "x" if i % 2 == 1 and j % 2 == 1 else ".")
    diagonal = board(r, c, lambda i, j: "x" if 0 < i < r - 1 and j == i % c else ".")
    return [odd, diagonal]


def ski_jumps(r, c):
    pairs = board(r, c, lambda i, j: "L" if j == i % c else "R" if j == (i + 1) % c else ".")
    facing = board(r, c, lambda i, j: "R" if j == i % c else "L" if j == (c - 1 - i) % c else ".")
    return [pairs, facing]


def empty(r, c):
    full = board(r, c, lambda i, j: ".")
    notch = board(r, c, lambda i, j: "#" if (i, j) == (0, 0) else ".")
    return [full, notch]


def main():
    ladders = [
        ("amazons", amazons, [(2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (2, 6), (3, 5), (4, 4),
                              (2, 7), (3, 6), (4, 5), (2, 8), (3, 7), (4, 6), (5, 5)]),
        ("konane", konane, [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5), (3, 6), (5, 5), (4, 6),
                            (3, 7), (5, 6), (4, 7), (3, 8), (6, 6), (5, 7), (4, 8), (6, 7),
                            (5, 8), (7, 7), (6, 8), (7, 8), (8, 8)]),
        ("fission", fission, [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5), (3, 6), (5, 5), (4, 6),
                              (3, 7), (5, 6), (4, 7), (6, 6), (5, 7), (6, 7), (7, 7), (6, 8),
                              (7, 8), (8, 8)]),
        ("ski-jumps", ski_jumps, [(2, 4), (3, 4), (3, 5), (4, 4), (4, 5), (4, 6), (5, 5),
                                  (5, 6), (5, 7), (6, 6), (6, 7), (7, 6), (6, 8), (7, 7),
                                  (7, 8), (8, 8)]),
        ("snort", empty, [(2, 3), (3, 3), (2, 5), (3, 4), (2, 6), (3, 5), (4, 4), (2, 8),
                          (3, 6), (4, 5), (3, 7), (5, 5), (4, 6), (3, 8), (4, 7), (5, 6)]),
        ("col", empty, [(2, 3), (3, 3), (2, 5), (3, 4), (2, 6), (3, 5), (4, 4), (2, 8),
                        (3, 6), (4, 5), (3, 7), (5, 5), (4, 6), (3, 8), (4, 7), (5, 6)]),
        ("domineering", empty, [(3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (4, 6), (5, 6),
                                (4, 7), (6, 6), (5, 7), (4, 8), (6, 7), (5, 8), (7, 7),
                                (6, 8), (7, 8), (8, 8)]),
    ]
    print("; Made by bench/partizan/ladders.py (its top says what they are). RULESET POSITION.")
    for name, variants, pairs in ladders:
        for r, c in sizes(pairs):
            for position in variants(r, c):
                print(name, position)


main()
