"""The Python package over Crop's C interface: profile -> predict -> rank, pickling, the profile file,
parallel profiling with a process pool, and errors that leave every handle usable."""

import concurrent.futures
import json
import os
import pickle
import subprocess
import sys
import tempfile
import unittest

import crop


def kernel(n):
    """A loop that scales n floats in place: its work grows with n."""
    return """define void @kernel(ptr %%a) {
entry:
  br label %%loop
loop:
  %%i = phi i32 [ 0, %%entry ], [ %%i1, %%loop ]
  %%p = getelementptr float, ptr %%a, i32 %%i
  %%x = load float, ptr %%p
  %%y = fmul float %%x, 2.0
  store float %%y, ptr %%p
  %%i1 = add i32 %%i, 1
  %%c = icmp eq i32 %%i1, %d
  br i1 %%c, label %%exit, label %%loop
exit:
  ret void
}
""" % n


# Sums an argument buffer into a global and into a buffer it allocates and frees: the three kinds of
# memory a program touches.
MALLOC_KERNEL = """@g = global [4096 x float] zeroinitializer
declare ptr @malloc(i64)
declare void @free(ptr)
define void @kernel(ptr %a) {
entry:
  %t = call ptr @malloc(i64 262144)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %x = load float, ptr %p
  %j = and i64 %i, 4095
  %q = getelementptr [4096 x float], ptr @g, i64 0, i64 %j
  %y = load float, ptr %q
  %z = fadd float %x, %y
  store float %z, ptr %q
  %r = getelementptr float, ptr %t, i64 %i
  store float %z, ptr %r
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 65536
  br i1 %c, label %exit, label %loop
exit:
  call void @free(ptr %t)
  ret void
}
"""


# Kernels that misbehave: their time-out, and what the error must say.
BAD_KERNELS = [
    ("""define void @kernel(ptr %a) {
  store volatile i32 1, ptr null
  ret void
}
""", 60, "null pointer"),
    ("""define void @kernel(ptr %a) {
entry:
  br label %spin
spin:
  store volatile float 1.0, ptr %a
  br label %spin
}
""", 1, "timed out after 1 s"),
    ("""define void @kernel(ptr %a) {
  %s = alloca i32
  store volatile i32 0, ptr %s
  %z = load volatile i32, ptr %s
  %q = sdiv i32 7, %z
  store volatile i32 %q, ptr %a
  ret void
}
""", 60, "integer division by zero"),
    ("""define void @kernel(ptr %a) {
entry:
  br label %walk
walk:
  %i = phi i64 [ 0, %entry ], [ %i1, %walk ]
  %p = getelementptr float, ptr %a, i64 %i
  store volatile float 1.0, ptr %p
  %i1 = add i64 %i, 16
  br label %walk
}
""", 60, "past the end of the program's highest heap allocation"),
]


class CropTest(unittest.TestCase):
    def test_targets_and_errors(self):
        names = crop.targets()
        self.assertIn("gold5220r", names)
        self.assertIn("epyc7763", names)
        with self.assertRaises(crop.Error) as e:
            crop.Target("no-such-machine")
        self.assertIn("known targets", str(e.exception))
        t = crop.Target.from_yaml("base: gold5220r\nname: quick\ncpu:\n  frequency: 3 GHz\n", "mine.yaml")
        self.assertEqual(t.name, "quick")
        with self.assertRaises(crop.Error) as e:
            crop.Target.from_yaml("base: gold5220r\ncpu:\n  frequencyy: 3 GHz\n", "mine.yaml")
        self.assertIn("mine.yaml:3: cpu.frequencyy", str(e.exception))

    def test_profile_predict_rank(self):
        t = crop.Target("gold5220r")
        small = crop.profile(kernel(256), entry="kernel", args=["f32:65536"])
        big = crop.profile(kernel(65536), entry="kernel", args=["f32:65536"])
        self.assertEqual(small.entry, "kernel")
        p = t.predict(big, threads=1)
        self.assertGreater(p.seconds, 0)
        self.assertEqual(p.breakdown["target"], "gold5220r")
        self.assertIn("bound", p.breakdown)
        secs = t.predict_many([big, small])
        self.assertGreater(secs[0], 10 * secs[1])
        self.assertEqual(t.rank([big, small]), [1, 0])
        # Pickling and the profile file keep the prediction.
        again = pickle.loads(pickle.dumps(big))
        self.assertEqual(t.predict_many([again])[0], secs[0])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "big.profile.json")
            big.save(path)
            self.assertEqual(t.predict_many([crop.Profile.load(path)])[0], secs[0])
            self.assertEqual(os.listdir(d), ["big.profile.json"])
            # A file path profiles the file.
            ll = os.path.join(d, "k.ll")
            with open(ll, "w") as f:
                f.write(kernel(256))
            self.assertEqual(t.predict_many([crop.profile(ll, args=["f32:65536"])])[0], secs[1])

    def test_binary_profile_form(self):
        t = crop.Target("gold5220r")
        p = crop.profile(kernel(4096), entry="kernel", args=["f32:4096"])
        data = p.to_bytes()
        self.assertTrue(data.startswith(b"CROPPROF"))
        self.assertLess(len(data), len(p.to_json()))
        q = crop.Profile.from_bytes(data)
        self.assertEqual(q.to_json(), p.to_json())
        self.assertIn(b"CROPPROF", pickle.dumps(p))  # pickles travel in the binary form
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "k.cprof")
            p.save(path)
            with open(path, "rb") as f:
                self.assertEqual(f.read(), data)
            self.assertEqual(t.predict(crop.Profile.load(path)).seconds, t.predict(p).seconds)
        with self.assertRaises(crop.Error) as e:
            crop.Profile.from_bytes(data[:-3], name="cut.cprof")
        self.assertIn("cut.cprof: binary profile truncated", str(e.exception))
        self.assertGreater(t.predict(p).seconds, 0)

    def test_profile_cache(self):
        t = crop.Target("gold5220r")
        with tempfile.TemporaryDirectory() as d:
            first = crop.profile(kernel(2048), entry="kernel", args=["f32:4096"], cache=d)
            again = crop.profile(kernel(2048), entry="kernel", args=["f32:4096"], cache=d)
            other = crop.profile(kernel(2048), entry="kernel", args=["f32:8192"], cache=d)
            self.assertFalse(first.from_cache)
            self.assertTrue(again.from_cache)
            self.assertFalse(other.from_cache)
            self.assertEqual(again.to_json(), first.to_json())
            self.assertEqual(t.predict(again).seconds, t.predict(first).seconds)
            self.assertEqual(len([f for f in os.listdir(d) if f.endswith(".cprof")]), 2)
        self.assertFalse(crop.profile(kernel(16), entry="kernel", args=["f32:16"]).from_cache)

    def test_bad_input_leaves_handles_usable(self):
        t = crop.Target("epyc7763")
        with self.assertRaises(crop.Error) as e:
            crop.profile("define void @kernel( {\n", args=["f32:16"], name="broken.ll")
        self.assertIn("broken.ll:2", str(e.exception))
        with self.assertRaises(crop.Error):
            crop.profile(kernel(16), entry="kernel", args=["f32:16", "i32=3"])
        with self.assertRaises(crop.Error):
            crop.Profile.load("/nonexistent/profile.json")
        good = crop.profile(kernel(16), entry="kernel", args=["f32:16"])
        self.assertGreater(t.predict(good).seconds, 0)

    def test_task_sampling_option(self):
        with self.assertRaises(crop.Error) as e:
            crop.profile(kernel(16), entry="kernel", args=["f32:16"], sample_tasks=2)
        self.assertIn("at least 3", str(e.exception))
        p = crop.profile(kernel(16), entry="kernel", args=["f32:16"], sample_tasks=5)
        self.assertEqual(json.loads(p.to_json())["sample_tasks"], 5)
        self.assertNotIn("sample_tasks", json.loads(crop.profile(kernel(16), entry="kernel",
                                                                 args=["f32:16"]).to_json()))

    def test_time_sampling_option(self):
        # Under the exact first 2^18 accesses nothing is sampled: the same profile but for the
        # option it records.
        exact = json.loads(crop.profile(kernel(16), entry="kernel", args=["f32:16"]).to_json())
        p = json.loads(crop.profile(kernel(16), entry="kernel", args=["f32:16"], sample_time=8).to_json())
        self.assertEqual(p.pop("sample_time"), 8)
        self.assertEqual(p["functions"], exact["functions"])
        self.assertNotIn("sample_time", exact)

    def test_misbehaving_kernels_from_several_threads(self):
        # A tuner's threads profile through one library at once; each program that crashes, spins or
        # runs off its buffer is an error naming what happened, and the caller lives on.
        def run(item):
            ir, timeout, _ = item
            try:
                crop.profile(ir, entry="kernel", args=["f32:16"], timeout=timeout, name="bad.ll")
            except crop.Error as e:
                return str(e)
            return "no error"
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as ex:
            messages = list(ex.map(run, BAD_KERNELS * 2))
        for (_, _, want), got in zip(BAD_KERNELS * 2, messages):
            self.assertIn(want, got)
            self.assertIn("bad.ll: ", got)
        with self.assertRaises(crop.Error) as e:
            crop.profile(kernel(16), entry="kernel", args=["f32:16"], timeout=-1)
        self.assertIn("time-out", str(e.exception))
        good = crop.profile(kernel(16), entry="kernel", args=["f32:16"], timeout=5, memory_limit_mib=64)
        self.assertGreater(crop.Target("epyc7763").predict(good).seconds, 0)

    def test_sampled_profiles_do_not_depend_on_the_callers_addresses(self):
        # A sampled profile keeps cache lines by an address hash. Interpreters of their own (address-space
        # randomisation on, as it is for a tuner) must still get the same file: the program's heap, stack,
        # globals and the buffers of its arguments sit at fixed addresses in the profiled child.
        code = ("import crop, sys; sys.stdout.write(crop.profile(sys.argv[1], entry='kernel', "
                "args=['f32:65536'], sample_rate=0.1).to_bytes().hex())")
        with tempfile.TemporaryDirectory() as d:
            ll = os.path.join(d, "k.ll")
            with open(ll, "w") as f:
                f.write(MALLOC_KERNEL)
            runs = [subprocess.run([sys.executable, "-c", code, ll], check=True, capture_output=True,
                                   text=True).stdout for _ in range(3)]
        self.assertGreater(len(runs[0]), 0)
        self.assertEqual(runs[0], runs[1])
        self.assertEqual(runs[0], runs[2])

    def test_profile_many_in_a_process_pool(self):
        items = [(kernel(n), "kernel", ["f32:4096"]) for n in (4096, 64, 1024)]
        with concurrent.futures.ProcessPoolExecutor(max_workers=2) as ex:
            profiles = crop.profile_many(items, executor=ex, progress=False)
        t = crop.Target("gold5220r")
        self.assertEqual(t.rank(profiles), [1, 2, 0])
        # The default pool gives the same profiles.
        same = crop.profile_many(items[:1], jobs=1, progress=False)
        self.assertEqual(t.predict_many(same), t.predict_many(profiles[:1]))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    print("python: %d passed, %d failed" % (result.testsRun - len(result.failures) - len(result.errors),
                                            len(result.failures) + len(result.errors)))
    sys.exit(0 if result.wasSuccessful() else 1)
