# AtCoder ABC059 D: take 2i from one pile, put i on the other. Memoised search of the
# pairs 0..N × 0..N (options may leave the square, so bottom-up by total).
import sys
from functools import lru_cache
sys.setrecursionlimit(100000)
N = int(sys.argv[1])

@lru_cache(maxsize=None)
def g(x, y):
    seen = set()
    for i in range(1, x // 2 + 1):
        seen.add(g(x - 2 * i, y + i))
    for i in range(1, y // 2 + 1):
        seen.add(g(x + i, y - 2 * i))
    m = 0
    while m in seen:
        m += 1
    return m

count = 0
for t in range(2 * N + 1):  # by total, so the recursion stays shallow
    for x in range(max(0, t - N), min(t, N) + 1):
        if g(x, t - x) == 0:
            count += 1
print(count, "P-positions")
