# HDU 2147: a coin moves left, down, or down-left; pairs 0..N × 0..N, bottom-up.
import sys
N = int(sys.argv[1])
g = [[0] * (N + 1) for _ in range(N + 1)]
for a in range(N + 1):
    for b in range(N + 1):
        seen = set()
        if a > 0:
            seen.add(g[a - 1][b])
        if b > 0:
            seen.add(g[a][b - 1])
        if a > 0 and b > 0:
            seen.add(g[a - 1][b - 1])
        m = 0
        while m in seen:
            m += 1
        g[a][b] = m
print(sum(row.count(0) for row in g), "P-positions")
