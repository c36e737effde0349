# Codeforces 768E: a pile with the set of amounts already taken (each at most once).
# Memoised search over (stones left, amounts taken that are still possible).
import sys
from functools import lru_cache
sys.setrecursionlimit(10000)
N = int(sys.argv[1])

@lru_cache(maxsize=None)
def g(n, taken):
    seen = set()
    for k in range(1, n + 1):
        if k not in taken:
            rest = n - k
            left = tuple(sorted([t for t in taken if t <= rest] + ([k] if k <= rest else [])))
            seen.add(g(rest, left))
    m = 0
    while m in seen:
        m += 1
    return m

vals = [g(n, ()) for n in range(N + 1)]
print(sum(1 for v in vals if v == 0), "P-positions")
