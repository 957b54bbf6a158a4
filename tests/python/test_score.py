"""The bench's scores (bench/suite/score.py): Kendall's tau-b (scipy's) with ties and a constant side,
and medians (statistics'); the ground truth a program that starts no threads is scored with
(bench/suite/groundtruth.py); rescore's choice of profile (bench/rescore.py); which options the bench's
crop supports, started as itself or through a wrapper (bench/suite/peers.py)."""

import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import types
import unittest

import scipy.stats

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from suite import groundtruth, peers, programs, score  # noqa: E402
import rescore  # noqa: E402
import rescore_all  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def crop_binary(test):
    """The crop binary ctest names in $CROP; the test is skipped without one."""
    crop = os.environ.get("CROP")
    if not crop or not os.access(crop, os.X_OK):
        test.skipTest("no crop binary (CROP)")
    return crop


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


class PooledGroundTruthTest(unittest.TestCase):
    def test_launches_are_found_in_real_ir_of_each_runtime(self):
        inputs = os.path.join(ROOT, "tests", "lit", "analyzer", "Inputs")
        self.assertTrue(groundtruth.launches_threads(os.path.join(inputs, "halide_scale_rows.ll")))
        self.assertTrue(groundtruth.launches_threads(os.path.join(inputs, "tvm027_matmul.ll")))
        self.assertFalse(groundtruth.launches_threads(os.path.join(ROOT, "examples", "fig3.ll")))
        with tempfile.NamedTemporaryFile("w", suffix=".ll") as f:
            f.write("declare void @__kmpc_fork_call(ptr, i32, ptr, ...)\n")
            f.flush()
            self.assertTrue(groundtruth.launches_threads(f.name))
        # Unreadable: assume threads, so nothing is pooled on a guess.
        self.assertTrue(groundtruth.launches_threads(os.path.join(inputs, "no-such-file.ll")))

    def test_serial_programs_take_their_least_time_at_every_count(self):
        self.assertEqual(groundtruth.pooled({1: 2.4e-3, 2: 0.8e-3}, True), {1: 0.8e-3, 2: 0.8e-3})
        self.assertEqual(groundtruth.pooled({1: 2.4e-3, 2: 0.8e-3}, False), {1: 2.4e-3, 2: 0.8e-3})
        self.assertEqual(groundtruth.pooled({1: 1e-3}, True), {1: 1e-3})
        self.assertEqual(groundtruth.pooled({}, True), {})

    def test_one_thread_times_from_the_cache_here_or_a_committed_file(self):
        Prog = types.SimpleNamespace(id="c.gemv/s03", ir_hash="abc")
        other = types.SimpleNamespace(id="c.gemv/s04", ir_hash="abd")
        stale = types.SimpleNamespace(id="c.gemv/s03", ir_hash="old")
        cpu = groundtruth.cpu_model()
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "groundtruth.json"), "w") as f:
                json.dump({"abc:gemv|%s|t1|v4" % cpu: {"seconds": 2e-3},
                           "abc:gemv|%s|t2|v4" % cpu: {"seconds": 1e-3},
                           "abd:gemv|another CPU|t1|v4": {"seconds": 5e-3}}, f)
            here = groundtruth.one_thread_seconds(d)
            self.assertEqual(here(Prog), 2e-3)
            self.assertIsNone(here(other))  # measured on another CPU only
            committed = os.path.join(d, "committed.json")
            with open(committed, "w") as f:
                json.dump({"cpu": "x", "protocol": "v4", "programs": {
                    "c.gemv/s03": {"ir_hash": "abc", "t1": {"seconds": 3e-3}, "t2": {"seconds": 1e-3}},
                    "c.gemv/s04": {"ir_hash": "abd", "t2": {"seconds": 1e-3}}}}, f)
            there = groundtruth.one_thread_seconds(os.path.join(d, "nowhere"), committed)
            self.assertEqual(there(Prog), 3e-3)
            self.assertIsNone(there(other))  # no one-thread time
            self.assertIsNone(there(stale))  # measured from another IR


class ProgramIRTest(unittest.TestCase):
    def test_a_program_has_the_same_ir_in_every_build_folder(self):
        # clang writes the path it was given into the module; the IR's hash keys ground truth and profiles
        # across checkouts, CPUs and --out folders.
        src = "float f(float *x, int n) { float s = 0; for (int i = 0; i < n; ++i) s += x[i]; return s; }\n"
        irs = []
        with tempfile.TemporaryDirectory() as d:
            for sub in ("a", os.path.join("b", "c")):
                os.makedirs(os.path.join(d, sub))
                c = os.path.join(d, sub, "kernel.c")
                with open(c, "w") as f:
                    f.write(src)
                ir = os.path.join(d, sub, "kernel.ll")
                # One absolute path, one relative.
                programs.sh([programs.CLANG] + programs.CFLAGS + ["-S", "-emit-llvm",
                             c if sub == "a" else os.path.relpath(c, d), "-o", ir], cwd=d)
                with open(ir) as f:
                    self.assertIn(sub, f.read())
                programs.strip_build_path(ir)
                with open(ir) as f:
                    irs.append(f.read())
        self.assertEqual(irs[0], irs[1])
        self.assertTrue(irs[0].startswith("; ModuleID = 'kernel.c'\nsource_filename = \"kernel.c\"\n"))


class RescoreAllTest(unittest.TestCase):
    def test_each_cpu_gets_the_descriptor_its_summary_used(self):
        with tempfile.TemporaryDirectory() as d:
            zen4 = os.path.join(d, "amd-epyc-family25-model17")
            other = os.path.join(d, "some-new-cpu")
            os.mkdir(zen4)
            os.mkdir(other)
            self.assertTrue(rescore_all.descriptor_for(zen4, {}).endswith("hwdb/targets/zen4-vm.yaml"))
            with open(os.path.join(zen4, "summary.descriptor.yaml"), "w") as f:
                f.write("#")
            self.assertEqual(rescore_all.descriptor_for(zen4, {}), os.path.join(zen4, "summary.descriptor.yaml"))
            self.assertEqual(rescore_all.descriptor_for(zen4, {"amd-epyc-family25-model17": "x.yaml"}), "x.yaml")
            self.assertIsNone(rescore_all.descriptor_for(other, {}))

    def test_reads_both_halves_of_rescore_output(self):
        text = ("| ranked (30) | 0.974 | 0.998 | 0.756 | 13.2 % | 18.0 % |\n"
                "| dev half (21 ranked, APE incl. TVM) | 0.954 | 1.000 | 0.725 | 12.8 % | 17.3 % |\n"
                "| val half (30 ranked, APE incl. TVM) | 0.984 | 1.000 | -0.044 | 13.1 % | 18.2 % |\n")
        h = rescore_all.parse_halves(text)
        self.assertEqual(sorted(h), ["dev", "val"])
        self.assertEqual(h["dev"]["ranked_tasks"], 21)
        self.assertAlmostEqual(h["val"]["tau"], -0.044)
        self.assertAlmostEqual(h["val"]["median_ape"], 0.131)


def one_ir_bench(out, sids):
    """A bench folder in `out` whose c.dot schedules `sids` all compile to one IR, profiled once under the
    first (as bench/run.sh does); returns that IR's hash."""
    import hashlib
    text = b"; schedules of one IR\n"
    os.mkdir(os.path.join(out, "profiles"))
    for sid in sids:
        os.makedirs(os.path.join(out, "programs", "c.dot", sid))
        with open(os.path.join(out, "programs", "c.dot", sid, "kernel.ll"), "wb") as f:
            f.write(text)
    h = hashlib.sha256(text).hexdigest()
    with open(os.path.join(out, "profiles", "0.json"), "w") as f:
        json.dump({"module": {"source": os.path.join(out, "programs", "c.dot", sids[0], "kernel.ll"),
                              "hash": h, "entry": "dot"}}, f)
    return h


class RescoreTest(unittest.TestCase):
    def test_schedules_with_the_same_ir_share_its_profile(self):
        # bench/run.sh profiles an IR once, under the first program that has it.
        with tempfile.TemporaryDirectory() as out:
            h = one_ir_bench(out, ("s00", "s01"))
            committed = {"programs": {sid: {"ir_hash": h, "t1": {"seconds": 1e-3}}
                                      for sid in ("c.dot/s00", "c.dot/s01")}}
            rows = rescore.programs(out, 1, committed)
            self.assertEqual([r[0] for r in rows], ["c.dot/s00", "c.dot/s01"])
            self.assertEqual(rows[0][3], rows[1][3])
            # s01's own profile of an older IR (its hash held the build path) does not hide the shared one.
            old = os.path.join(out, "profiles", "old.json")
            with open(old, "w") as f:
                json.dump({"module": {"source": os.path.join(out, "programs", "c.dot", "s01", "kernel.ll"),
                                      "hash": "an older IR", "entry": "dot"}}, f)
            os.utime(old, (1000, 1000))
            rows = rescore.programs(out, 1, committed)
            self.assertEqual([r[0] for r in rows], ["c.dot/s00", "c.dot/s01"])
            self.assertEqual(rows[0][3], rows[1][3])

    def test_other_ground_truths_restrict_the_programs(self):
        # rescore_all.py --common: a program another CPU did not measure, or measured with another IR or
        # at another thread count, is left out for every CPU.
        with tempfile.TemporaryDirectory() as out:
            sids = ("s00", "s01", "s02", "s03")
            h = one_ir_bench(out, sids)
            committed = {"programs": {"c.dot/" + sid: {"ir_hash": h, "t1": {"seconds": 1e-3}} for sid in sids}}
            other = {"programs": {"c.dot/s00": {"ir_hash": h, "t1": {"seconds": 2e-3}},
                                  "c.dot/s01": {"ir_hash": "an older IR", "t1": {"seconds": 2e-3}},
                                  "c.dot/s02": {"ir_hash": h, "t2": {"seconds": 2e-3}}}}
            self.assertEqual(len(rescore.programs(out, 1, committed)), 4)
            self.assertEqual([r[0] for r in rescore.programs(out, 1, committed, [other])], ["c.dot/s00"])
            self.assertEqual(len(rescore.programs(out, 1, committed, [committed])), 4)

    def test_an_unreadable_newest_profile_falls_back_to_an_older_one(self):
        crop = crop_binary(self)
        inputs = os.path.join(ROOT, "tests", "lit", "simulator", "Inputs")
        with tempfile.TemporaryDirectory() as out:
            os.mkdir(os.path.join(out, "profiles"))
            source = os.path.join(out, "programs", "c.dot", "s00", "kernel.ll")
            # The same program twice: a readable profile, then a newer one of a format crop does not read.
            for i, name in enumerate(["dot.profile.json", "v99.profile.json"]):
                with open(os.path.join(inputs, name)) as f:
                    prof = json.load(f)
                prof["module"]["source"] = source
                path = os.path.join(out, "profiles", "%d.json" % i)
                with open(path, "w") as f:
                    json.dump(prof, f)
                os.utime(path, (1000 + i, 1000 + i))
            committed = {"programs": {"c.dot/s00": {"ir_hash": prof["module"]["hash"], "t1": {"seconds": 1e-3}},
                                      "c.dot/s01": {"ir_hash": "another IR", "t1": {"seconds": 2e-3}},
                                      "c.dot/s02": {"ir_hash": "x", "t2": {"seconds": 2e-3}}}}
            rows = rescore.programs(out, 1, committed)
            self.assertEqual([r[0] for r in rows], ["c.dot/s00"])
            # A program measured there with an IR not profiled here is named, not dropped silently.
            self.assertEqual(rescore.unmatched_programs(committed, 1, {r[0] for r in rows}), ["c.dot/s01"])
            paths = rows[0][3]
            self.assertEqual([os.path.basename(p) for p in paths], ["1.json", "0.json"])
            seconds, bound, err = rescore.predict(crop, "gold5220r", 1, paths)
            self.assertGreater(seconds, 0)
            # What bounds it goes into rescore.py --json, for comparing models program by program.
            self.assertIn(bound.split(":")[0], ("compute", "memory", "branch", "launch", "page_faults"))
            self.assertEqual(err, "")
            seconds, bound, err = rescore.predict(crop, "gold5220r", 1, paths[:1])
            self.assertIsNone(seconds)
            self.assertEqual(bound, "")
            self.assertIn("version", err)
            # The readable profile got a binary copy; the unreadable one none (it was predicted as it is).
            self.assertTrue(os.path.exists(os.path.join(out, "profiles", "0.cprof")))
            self.assertFalse(os.path.exists(os.path.join(out, "profiles", "1.cprof")))

    def test_json_profiles_are_predicted_from_binary_copies(self):
        crop = crop_binary(self)
        inputs = os.path.join(ROOT, "tests", "lit", "simulator", "Inputs")
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "0.json")
            shutil.copy(os.path.join(inputs, "dot.profile.json"), path)
            os.utime(path, (1000, 1000))
            copy = rescore.binary_copy(crop, path)
            self.assertEqual(copy, os.path.join(out, "0.cprof"))
            with open(copy, "rb") as f:
                self.assertNotEqual(f.read(1), b"{")

            def predicted(p):
                return subprocess.run([crop, "predict", p, "--target", "gold5220r", "--json"], check=True,
                                      stdout=subprocess.PIPE, text=True).stdout

            self.assertEqual(predicted(copy), predicted(path))
            # A copy older than its JSON (the program was profiled again) is made anew; a current one is kept.
            os.utime(copy, (900, 900))
            self.assertEqual(rescore.binary_copy(crop, path), copy)
            self.assertGreater(os.path.getmtime(copy), 1000)
            made = os.path.getmtime(copy)
            rescore.binary_copy(crop, path)
            self.assertEqual(os.path.getmtime(copy), made)
            # A profile crop cannot read is predicted as it is (rescore reports crop's own error).
            bad = os.path.join(out, "1.json")
            shutil.copy(os.path.join(inputs, "v99.profile.json"), bad)
            self.assertEqual(rescore.binary_copy(crop, bad), bad)
            self.assertFalse(os.path.exists(os.path.join(out, "1.cprof")))



class PeersTest(unittest.TestCase):
    def test_a_wrapper_script_keeps_the_codegen_cpu_option(self):
        # The bench asks `crop profile --help` which options it has. The usage line names the binary as it
        # was started; a wrapper that execs the real binary prints the real binary's name, and looking for
        # the wrapper's own name dropped --codegen-cpu (machine code per block) from every profile.
        crop = crop_binary(self)
        with tempfile.TemporaryDirectory() as work:
            wrapper = os.path.join(work, "my-crop")
            with open(wrapper, "w") as f:
                f.write('#!/bin/sh\nexec "%s" "$@"\n' % os.path.abspath(crop))
            os.chmod(wrapper, 0o755)
            for binary in (crop, wrapper):
                c = peers.Crop(binary, None, work, log=lambda *_: None)
                self.assertTrue(c.ok_profile and c.ok_predict, binary)
                self.assertEqual(c.codegen_cpu_flag, "--codegen-cpu", binary)
                self.assertEqual(c.warm_flag, "--warm-calls", binary)
            # Not a crop at all: no subcommand's usage.
            self.assertFalse(peers.Crop("/bin/true", None, work, log=lambda *_: None).ok_profile)

if __name__ == "__main__":
    unittest.main()
