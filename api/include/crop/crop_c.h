/*===- crop_c.h - Crop's C interface (for Python, other languages) -----===*\
 *
 * A stable C ABI over crop/Crop.h: opaque handles, UTF-8 strings in, results
 * the caller frees (crop_string_free) out. No C++ type or exception crosses
 * it. Every call takes a context, which holds the message of its last
 * failure (crop_context_error); a failed call leaves the context and every
 * handle usable. Each context has its own memo of block costs, so
 * predictions through different contexts run in parallel. Contexts are not
 * shared between threads at once; targets and profiles may be read from
 * several contexts and threads.
 *
\*===----------------------------------------------------------------------===*/
#ifndef CROP_CROP_C_H
#define CROP_CROP_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when a function's meaning or signature changes. */
#define CROP_C_ABI_VERSION 1

typedef struct crop_context crop_context;
typedef struct crop_target crop_target;
typedef struct crop_profile crop_profile;

/* "MAJOR.MINOR.PATCH" of the library, and its CROP_C_ABI_VERSION. */
const char *crop_version(void);
int crop_abi_version(void);

crop_context *crop_context_new(void);
void crop_context_free(crop_context *C);
/* The last failure's message, "" if none; valid until the next call on C. */
const char *crop_context_error(const crop_context *C);
/* Limits of the programs C profiles: a run is killed after TimeoutSeconds
 * and an allocation past MemoryLimitMiB fails (0: no limit); each is then
 * reported as an error naming the limit. Defaults are the CLI's (--timeout
 * 60, --memory-limit 8192). 0, or -1 for a negative or absurd value. */
int crop_context_set_limits(crop_context *C, double TimeoutSeconds,
                            double MemoryLimitMiB);
/* Task sampling for the modules it profiles from now on: trace at most N
 * tasks of each parallel loop and weight them for the rest (counts stay
 * exact; docs/profiling.md, "Task sampling"). 0 (the default): every task.
 * N of 1 or 2 is refused. 0 on success. */
int crop_context_set_sample_tasks(crop_context *C, uint64_t N);
/* Time sampling for the modules it profiles from now on: past the first
 * 2^18 (262 144) accesses, record one chunk of accesses in K and weight it by K
 * (counts and the reuse history stay exact; docs/profiling.md, "Time
 * sampling"). 0 or 1 (the default): every access. 0 on success. */
int crop_context_set_sample_time(crop_context *C, uint64_t K);

/* Targets: a hwdb name or descriptor path; descriptor text (YAML) named
 * Name in messages. NULL on failure. */
crop_target *crop_target_load(crop_context *C, const char *NameOrPath);
crop_target *crop_target_from_yaml(crop_context *C, const char *Yaml,
                                   const char *Name);
void crop_target_free(crop_target *T);
/* The target's name (owned by T). */
const char *crop_target_name(const crop_target *T);
/* Every target on the hwdb search path: "name\tkind\tsummary" lines that
 * load, or NULL on failure; free with crop_string_free. */
char *crop_targets_list(crop_context *C);

/* Profiles a module: Module is a file path (IsText = 0) or the module's
 * LLVM IR text (IsText = 1, named Name in messages). Entry: the function
 * whose call is the unit; Args: NArgs buffer/scalar specs ("f32:256x256",
 * "i32=256"); SampleRate 1 for exact reuse distances; CodegenCPU may be
 * NULL. NULL on failure. */
crop_profile *crop_profile_module(crop_context *C, const char *Module,
                                  int IsText, const char *Name,
                                  const char *Entry, const char *const *Args,
                                  size_t NArgs, double SampleRate,
                                  const char *CodegenCPU);
/* crop_profile_module through a cache folder (crop::profileCached): a module
 * with the same contents, entry, arguments and options profiled before is
 * read back. CacheDir NULL: the default folder ($CROP_CACHE_DIR, else
 * $XDG_CACHE_HOME/crop, else ~/.cache/crop); "": no cache. FromCache, when
 * not NULL, gets 1 for a profile read back, else 0. */
crop_profile *crop_profile_module_cached(
    crop_context *C, const char *Module, int IsText, const char *Name,
    const char *Entry, const char *const *Args, size_t NArgs, double SampleRate,
    const char *CodegenCPU, const char *CacheDir, int *FromCache);
/* The profile file format (docs/profile-format.md): read, write, to and
 * from text (the text is the file's content). */
crop_profile *crop_profile_load(crop_context *C, const char *Path);
int crop_profile_save(crop_context *C, const crop_profile *P,
                      const char *Path);
char *crop_profile_to_json(crop_context *C, const crop_profile *P);
crop_profile *crop_profile_from_json(crop_context *C, const char *Json,
                                     const char *Name);
/* The binary form (what a .cprof file holds; about 30x faster to read than
 * JSON): *Size gets its length in bytes; free it with crop_string_free. */
char *crop_profile_to_binary(crop_context *C, const crop_profile *P,
                             size_t *Size);
crop_profile *crop_profile_from_binary(crop_context *C, const void *Bytes,
                                       size_t Size, const char *Name);
void crop_profile_free(crop_profile *P);

/* Predictions per call. Threads 0: the target's own; WarmCalls: the steady
 * state of repeated calls on the same buffers; VectorBits 0: the program's
 * own. crop_predict writes the seconds and, when Json is not NULL, the
 * `crop predict --json` object (free with crop_string_free). Returns 0 on
 * success, -1 on failure. */
int crop_predict(crop_context *C, const crop_profile *P, const crop_target *T,
                 unsigned Threads, int WarmCalls, unsigned VectorBits,
                 double *Seconds, char **Json);
/* Seconds per call of N profiles (Seconds has N slots); 0 or -1. */
int crop_predict_many(crop_context *C, const crop_profile *const *Profiles,
                      size_t N, const crop_target *T, unsigned Threads,
                      int WarmCalls, unsigned VectorBits, double *Seconds);

void crop_string_free(char *S);

#ifdef __cplusplus
}
#endif

#endif /* CROP_CROP_C_H */
