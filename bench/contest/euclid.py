# POJ 2348: Euclid's game on pairs 0..N × 0..N; a pair with a 0 has no moves.
import sys
N = int(sys.argv[1])
g = [[0] * (N + 1) for _ in range(N + 1)]
# Options of (a, b) are (s, l - k s) with s = min, l = max: smaller sums, so by sum.
order = sorted(((a, b) for a in range(N + 1) for b in range(N + 1)), key=lambda p: p[0] + p[1])
for a, b in order:
    if a == 0 or b == 0:
        continue
    s, l = min(a, b), max(a, b)
    seen = set()
    for k in range(1, l // s + 1):
        x, y = s, l - k * s
        if x <= N and y <= N:
            seen.add(g[x][y])
    m = 0
    while m in seen:
        m += 1
    g[a][b] = m
print(sum(row.count(0) for row in g), "P-positions")
