# POJ 3537: Crosses and Crosses as a take-and-break game: an X at i of a free strip of n
# leaves strips of max(i-3, 0) and max(n-i-2, 0).
import sys
N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(1, N + 1):
    seen = set()
    for i in range(1, n + 1):
        seen.add(g[max(i - 3, 0)] ^ g[max(n - i - 2, 0)])
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(sum(1 for v in g if v == 0), "P-positions")
