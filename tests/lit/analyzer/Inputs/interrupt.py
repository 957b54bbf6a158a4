"""Interrupts or starves `crop profile` while it writes over an existing profile, and prints what was
left: crop's status, whether its child processes outlived it, the previous file's content and the
folder's other files (a temporary left behind would show there).
    interrupt.py CROP FOLDER MODE -- PROFILE-ARGUMENTS...
MODE: SIGINT or SIGTERM (sent once crop's program runs), or full (files limited to 1 KiB: writes fail
with EFBIG, as they fail with ENOSPC on a full disk)."""
import os
import resource
import signal
import subprocess
import sys
import time


def children(pid):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    # pid (comm) state ppid ...: comm may hold spaces, so split after its ')'.
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (OSError, IndexError, ValueError):
                pass
    return out


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main():
    crop, folder, mode = sys.argv[1:4]
    args = sys.argv[sys.argv.index("--") + 1:]
    out = os.path.join(folder, "keep.json")
    with open(out, "w") as f:
        f.write("previous\n")
    if mode == "full":
        def limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))
        r = subprocess.run([crop, "profile", "-o", out] + args, preexec_fn=limit,
                           stderr=subprocess.PIPE, text=True)
        print("status", r.returncode)
        # LLVM's handler of SIGXFSZ prints a stack dump before the write fails: crop's message is last.
        print(r.stderr.strip().splitlines()[-1])
    else:
        # As from a terminal: a test runner may have left SIGINT ignored (lit's workers do).
        p = subprocess.Popen([crop, "profile", "-o", out] + args,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        # Wait for the program's child: crop is then past its static analysis.
        kids = []
        for _ in range(300):
            kids = children(p.pid)
            if kids:
                break
            time.sleep(0.05)
        time.sleep(0.5)
        kids = children(p.pid) or kids
        print("children while running:", "some" if kids else "none")
        p.send_signal(getattr(signal, mode))
        print("status", p.wait())
        deadline = time.time() + 10
        while any(alive(k) for k in kids) and time.time() < deadline:
            time.sleep(0.05)
        print("children after:", "alive" if any(alive(k) for k in kids) else "gone")
    with open(out) as f:
        print("file:", f.read().strip())
    print("folder:", " ".join(sorted(os.listdir(folder))))


main()
