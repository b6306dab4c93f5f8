#!/usr/bin/env python3
"""Records YARA's answers for generated conditions, for YaraReplayTest.

Run from this directory with YARA 4.2.3 on the PATH:  python3 generate.py
It writes replay.txt: the files (as hex), the matches YARA reports for each string, and for each
generated condition either the files it matches (one 0/1 per file) or YARA's compile error. The
generation is seeded, so a rerun gives the same conditions; the answers are YARA's.
"""
import os
import random
import subprocess
import tempfile

STRINGS = [("$a", "abc"), ("$b", "AB"), ("$c", "zzz"), ("$d1", "xyx"), ("$d2", "yy")]
BASE_RULES = [("base_true", "true"), ("base_a", "$a"), ("base_false", "false")]
FILES = [
    ("planted", b"xxabcxxabcyyAB\x01\x02\x03\x04end"),
    ("overlap", b"xyxyxyx abc yyy \xff\x80\x7f\x00 AB AB AB zzz"),
    ("empty", b""),
    ("binary", bytes(range(0, 64))),
    ("tail", b"\x00" * 20 + b"abcabcabc" + b"\x90\x91\x92"),
]
SEED = 4223


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.loop_vars = []
        self.in_for_of = False

    def sid(self):
        return self.r.choice([s for s, _ in STRINGS])

    def small(self, bounded=False):
        r = self.r.random()
        if bounded:
            return str(self.r.randint(-2, 14))
        if r < 0.6:
            return str(self.r.randint(0, 12))
        if r < 0.7:
            return hex(self.r.randint(0, 40))
        if r < 0.75:
            return "0o" + format(self.r.randint(0, 30), "o")
        if r < 0.8:
            return self.r.choice(["1KB", "2MB", "0KB"])
        if r < 0.9:
            return str(self.r.randint(13, 70))
        return self.r.choice(["63", "64", "65", "9223372036854775807", "0x7fffffffffffffff", "-1"])

    def ref(self, sigil):
        if self.in_for_of and self.r.random() < 0.4:
            return sigil
        return sigil + self.sid()[1:]

    def integer(self, depth, bounded=False):
        r = self.r.random()
        if bounded:
            leaf = self.r.random()
            if leaf < 0.6:
                return self.small(True)
            return self.r.choice(["filesize", "#a", "@d1", "!b", "@c", "pe.entry_point"] + self.loop_vars)
        if depth <= 0 or r < 0.3:
            leaf = self.r.random()
            if self.loop_vars and leaf < 0.3:
                return self.r.choice(self.loop_vars)
            if leaf < 0.55:
                return self.small()
            if leaf < 0.65:
                return "filesize"
            if leaf < 0.75:
                return self.ref("#")
            if leaf < 0.8:
                return self.ref("@")
            if leaf < 0.85:
                return self.ref("!")
            if leaf < 0.9:
                return self.r.choice(["pe.is_pe", "pe.number_of_sections", "pe.entry_point", "pe.machine"])
            return self.small()
        d = depth - 1
        if r < 0.5:
            op = self.r.choice(["+", "-", "*", "\\", "%", "&", "|", "^", "<<", ">>"])
            return "%s %s %s" % (self.integer(d), op, self.integer(d))
        if r < 0.58:
            return "(%s)" % self.integer(d)
        if r < 0.63:
            return self.r.choice(["-", "~"]) + self.integer(0)
        if r < 0.73:
            return "%s[%s]" % (self.ref(self.r.choice("@!")), self.integer(d))
        if r < 0.8:
            return "%s in (%s..%s)" % (self.ref("#"), self.integer(d), self.integer(d))
        if r < 0.9:
            fn = self.r.choice(["int8", "int16", "int32", "uint8", "uint16", "uint32",
                                "int8be", "int16be", "int32be", "uint8be", "uint16be", "uint32be"])
            return "%s(%s)" % (fn, self.integer(d))
        return "(%s)" % self.integer(d)

    def string_set(self):
        if self.r.random() < 0.25:
            return "them"
        items = self.r.sample([s for s, _ in STRINGS] + ["$d*"], self.r.randint(1, 3))
        return "(" + ", ".join(items) + ")"

    def quantifier(self, depth):
        r = self.r.random()
        if r < 0.45:
            return self.r.choice(["all", "any", "none"])
        return self.integer(min(depth, 1))

    def boolean(self, depth):
        r = self.r.random()
        d = depth - 1
        if depth <= 0 or r < 0.15:
            leaf = self.r.random()
            if leaf < 0.35:
                return self.ref("$")
            if leaf < 0.45:
                return self.r.choice(["true", "false"])
            if leaf < 0.55:
                return self.r.choice([n for n, _ in BASE_RULES])
            if leaf < 0.65:
                return self.integer(0)
            cmp = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
            return "%s %s %s" % (self.integer(1), cmp, self.integer(1))
        if r < 0.3:
            cmp = self.r.choice(["==", "!=", "<", "<=", ">", ">="])
            return "%s %s %s" % (self.integer(d), cmp, self.integer(d))
        if r < 0.4:
            return "%s %s %s" % (self.boolean(d), self.r.choice(["and", "or"]), self.boolean(d))
        if r < 0.45:
            return "%s %s" % (self.r.choice(["not", "defined"]), self.boolean(d))
        if r < 0.5:
            return "(%s)" % self.boolean(d)
        if r < 0.55:
            return "%s at %s" % (self.ref("$"), self.integer(d))
        if r < 0.6:
            return "%s in (%s..%s)" % (self.ref("$"), self.integer(d), self.integer(d))
        if r < 0.67:
            return "%s of %s" % (self.quantifier(d), self.string_set())
        if r < 0.7:
            return "%s of %s in (%s..%s)" % (self.quantifier(d), self.string_set(), self.integer(1),
                                            self.integer(1))
        if r < 0.73:
            return "%s%% of %s" % (self.r.choice(["1", "20", "40", "50", "60", "100", "#a", "@c"]),
                                   self.string_set())
        if r < 0.76:
            return "%s of (%s)" % (self.quantifier(d), self.r.choice(["base*", "base_a, base_true", "base_false"]))
        if r < 0.88 and len(self.loop_vars) < 2:
            var = "i" if not self.loop_vars else "j"
            q = self.quantifier(d)
            if self.r.random() < 0.6:
                it = "(%s..%s)" % (self.integer(0, True), self.integer(0, True))
            else:
                it = "(" + ", ".join(self.integer(1) for _ in range(self.r.randint(1, 4))) + ")"
            self.loop_vars.append(var)
            body = self.boolean(d)
            self.loop_vars.pop()
            return "for %s %s in %s : (%s)" % (q, var, it, body)
        if not self.in_for_of:
            q = self.quantifier(d)
            s = self.string_set()
            self.in_for_of = True
            body = self.boolean(d)
            self.in_for_of = False
            return "for %s of %s : (%s)" % (q, s, body)
        return self.boolean(d)


def rule_file(condition):
    lines = ['import "pe"']
    for name, cond in BASE_RULES:
        strings = ' strings: $a = "abc"' if "$a" in cond else ""
        lines.append("rule %s {%s condition: %s }" % (name, strings, cond))
    decl = " ".join('%s = "%s"' % s for s in STRINGS)
    refs = " or ".join(s for s, _ in STRINGS)
    lines.append("rule probe { strings: %s condition: (%s) and (%s or true) }" % (decl, condition, refs))
    return "\n".join(lines) + "\n"


def run_yara(rules_path, file_path, extra=()):
    return subprocess.run(["yara", "-w", "-a", "5", *extra, rules_path, file_path], capture_output=True,
                          text=True, timeout=30)


def main():
    rng = random.Random(SEED)
    gen = Gen(rng)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        files_dir = os.path.join(tmp, "files")
        os.mkdir(files_dir)
        for name, data in FILES:
            path = os.path.join(files_dir, name)
            with open(path, "wb") as f:
                f.write(data)
            paths.append(path)
            out.append("file %s %s" % (name, data.hex()))
        rules = os.path.join(tmp, "r.yar")
        with open(rules, "w") as f:
            f.write(rule_file("true"))
        for (name, _), path in zip(FILES, paths):
            shown, rule = [], None
            for line in run_yara(rules, path, ["-s"]).stdout.splitlines():
                if not line.startswith("0x"):
                    rule = line.split(" ")[0]
                elif rule == "probe":
                    shown.append(line)
            for sid, _ in STRINGS:
                offsets = [str(int(l.split(":")[0], 16)) for l in shown if l.split(":")[1:2] == [sid]]
                out.append("matches %s %s %s" % (name, sid, " ".join(offsets)))
        seen = set()
        cases = 0
        while cases < 500:
            depth = rng.randint(1, 4)
            condition = gen.boolean(depth)
            if condition in seen or len(condition) > 300:
                continue
            seen.add(condition)
            with open(rules, "w") as f:
                f.write(rule_file(condition))
            result = run_yara(rules, files_dir)
            if result.returncode != 0 or result.stderr.strip():
                message = (result.stderr.strip().splitlines() or ["exit %d" % result.returncode])[0]
                if "error scanning" in message or "timeout" in message:
                    continue
                out.append("error %s\t%s" % (condition, message.split("): ", 1)[-1].strip()))
            else:
                matched = {os.path.basename(l.split(" ", 1)[1]) for l in result.stdout.splitlines()
                           if l.startswith("probe ")}
                bits = "".join("1" if name in matched else "0" for name, _ in FILES)
                out.append("case %s\t%s" % (condition, bits))
            cases += 1
    with open("replay.txt", "w") as f:
        f.write("# Recorded by generate.py from YARA %s; do not edit.\n" % subprocess.run(
            ["yara", "--version"], capture_output=True, text=True).stdout.strip())
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
