#!/usr/bin/env python3
"""Drives a command in a real pseudo-terminal, the way a person would at a keyboard.

Reads a JSON script on stdin:
  {"cmd": ["node", "bin/xborder.js", "wizard"], "cwd": "...", "env": {...}, "timeout": 20,
   "steps": [{"expect": "What do you want to do?"}, {"send": "\\r"}, ...]}
"expect" waits until the text appears in the output (ANSI escapes removed) after the previous
match; "send" writes keys ("\\r" Enter, "\\x1b[B" Down, " " Space, "\\x03" Ctrl-C); "signal" sends a signal
("SIGTERM", "SIGHUP") to the process. "columns" sets the terminal's width (default 160).
Prints one JSON object: {"exitCode", "output", "screen", "error"} (error: the step that timed out,
if any; screen: the output as the terminal shows it, a carriage return or an erased line
overwriting what the line held, as a redrawn progress line does).
Uses only the standard library, so the tests need no npm package for the terminal.
"""
import json
import os
import pty
import re
import select
import signal
import sys
import time

ERASE = re.compile(r"\x1b\[2?K")
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78M]")


def main():
    script = json.load(sys.stdin)
    env = dict(os.environ)
    env.update(script.get("env", {}))
    env.setdefault("TERM", "xterm-256color")
    columns = int(script.get("columns", 160))
    env.setdefault("COLUMNS", str(columns))
    env.setdefault("LINES", "50")
    timeout = float(script.get("timeout", 20))

    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(script.get("cwd", "."))
        os.execvpe(script["cmd"][0], script["cmd"], env)

    # A wide terminal so prompts are not wrapped mid-word.
    try:
        import fcntl, struct, termios
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    except Exception:
        pass

    raw = bytearray()
    cursor = 0
    error = None

    def pump(wait):
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        raw.extend(chunk)
        return True

    def text():
        return ANSI.sub("", raw.decode("utf-8", "replace")).replace("\r", "")

    def screen():
        # What a line shows is what was written after its last carriage return or erase (the
        # progress line always erases before it redraws).
        out = []
        for line in raw.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
            out.append(ANSI.sub("", ERASE.split(line.replace("\r", "\x1b[2K"))[-1]))
        return "\n".join(out)

    alive = True
    for step in script.get("steps", []):
        if "expect" in step:
            deadline = time.time() + float(step.get("timeout", timeout))
            while True:
                found = text().find(step["expect"], cursor)
                if found >= 0:
                    cursor = found + len(step["expect"])
                    break
                if not alive or time.time() > deadline:
                    error = "timed out waiting for %r" % step["expect"]
                    break
                alive = pump(0.1)
            if error:
                break
        elif "signal" in step:
            # A kill from outside (SIGTERM) or a closed terminal (SIGHUP), after an optional pause.
            time.sleep(float(step.get("delay", 0.15)))
            os.kill(pid, getattr(signal, step["signal"]))
        elif "send" in step:
            # Give the prompt a moment to switch to raw mode before keys arrive.
            time.sleep(float(step.get("delay", 0.15)))
            os.write(fd, step["send"].encode("utf-8"))

    if error:
        os.kill(pid, signal.SIGKILL)
    deadline = time.time() + timeout
    while alive and time.time() < deadline:
        alive = pump(0.1)
    try:
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
    except ChildProcessError:
        code = None
    json.dump({"exitCode": code, "output": text(), "screen": screen(), "error": error}, sys.stdout)


if __name__ == "__main__":
    main()
