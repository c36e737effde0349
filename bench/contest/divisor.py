# LeetCode 1025: subtract a divisor x of n, 0 < x < n. Grundy values of 0..N, bottom-up,
# divisors found up to the square root.
import sys
N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(1, N + 1):
    seen = set()
    x = 1
    while x * x <= n:
        if n % x == 0:
            if x < n:
                seen.add(g[n - x])
            y = n // x
            if y != x and y < n:
                seen.add(g[n - y])
        x += 1
    m = 0
    while m in seen:
        m += 1
    g[n] = m
print(sum(1 for v in g if v == 0), "P-positions")
