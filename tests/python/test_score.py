"""The bench's scores (bench/suite/score.py): Kendall's tau-b (scipy's) with ties and a constant side,
and medians (statistics')."""

import math
import os
import random
import sys
import unittest

import scipy.stats

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from suite import score  # noqa: E402


class ScoreTest(unittest.TestCase):
    def test_kendall_tau_b_matches_scipy(self):
        rng = random.Random(1)
        for _ in range(300):
            n = rng.randint(2, 24)
            xs = [rng.randint(0, 5) for _ in range(n)]
            ys = [rng.random() if rng.random() < 0.5 else rng.randint(0, 5) for _ in range(n)]
            want = scipy.stats.kendalltau(xs, ys).statistic
            got = score.kendall_tau_b(xs, ys)
            if math.isnan(want):  # a constant side: score.py calls that no information, 0 (scipy: NaN)
                self.assertEqual(got, 0.0)
            else:
                self.assertAlmostEqual(got, want, places=12, msg=(xs, ys))

    def test_a_reversed_order_is_minus_one(self):
        self.assertEqual(score.kendall_tau_b([1, 2, 3, 4], [4, 3, 2, 1]), -1.0)

    def test_median(self):
        self.assertEqual(score.median([3, 1, 2]), 2)
        self.assertEqual(score.median([4, 1, 2, 3]), 2.5)
        self.assertTrue(math.isnan(score.median([])))


if __name__ == "__main__":
    unittest.main()
