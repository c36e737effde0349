# LeetCode 1510: take a non-zero square. Grundy values of heaps 0..N, bottom-up.
import sys
N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(1, N + 1):
    seen = set()
    k = 1
    while k * k <= n:
        seen.add(g[n - k * k])
        k += 1
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(sum(1 for v in g if v == 0), "P-positions")
