# POJ 2311: the cutting game, g over w×h sheets 0..N × 0..N, cuts leaving both sides at
# least 2 wide.
import sys
N = int(sys.argv[1])
g = [[0] * (N + 1) for _ in range(N + 1)]
for w in range(N + 1):
    for h in range(N + 1):
        seen = set()
        for i in range(2, w - 1):
            seen.add(g[i][h] ^ g[w - i][h])
        for j in range(2, h - 1):
            seen.add(g[w][j] ^ g[w][h - j])
        m = 0
        while m in seen:
            m += 1
        g[w][h] = m
print(sum(row.count(0) for row in g), "P-positions")
