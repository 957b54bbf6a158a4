# lit configuration for Crop's IR and CLI tests.
import os
import lit.formats

config.name = "Crop"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll", ".test", ".c"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.crop_obj_root, "tests", "lit")

config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.crop_obj_root, "bin"), config.llvm_tools_dir,
     config.environment.get("PATH", "")])
# Descriptors come from the source tree, whatever the caller's environment.
config.environment["CROP_HWDB_PATH"] = os.path.join(config.crop_src_root, "hwdb", "targets")

config.substitutions.append(("%crop", os.path.join(config.crop_obj_root, "bin", "crop")))
# Built with ASan/UBSan (scripts/sanitize.sh): code that must load into an uninstrumented LLVM tool
# (the opt plugin) cannot.
if getattr(config, "crop_sanitize", False):
    config.available_features.add("sanitized")
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%src", config.crop_src_root))
config.substitutions.append(("%examples", os.path.join(config.crop_src_root, "examples")))

# ../shared holds reference inputs that are not part of the repository; tests
# that use them say `REQUIRES: shared` and are skipped where it is absent.
shared = os.path.normpath(os.path.join(config.crop_src_root, "..", "shared"))
if os.path.isdir(os.path.join(shared, "inputs")):
    config.available_features.add("shared")
    config.substitutions.append(("%shared", shared))
