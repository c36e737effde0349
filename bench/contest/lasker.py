# HDU 3032: Lasker's Nim, heaps 0..N bottom-up: take any number, or split in two.
import sys
N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(1, N + 1):
    seen = set(g[:n])
    for a in range(1, n // 2 + 1):
        seen.add(g[a] ^ g[n - a])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(sum(1 for v in g if v == 0), "P-positions")
