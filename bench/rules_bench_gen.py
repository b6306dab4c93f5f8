#!/usr/bin/env python3
"""Writes the rule set of bench/rules-bench.sh: RULES YARA rules over FILES rule files, drawn in part from
the corpus itself so that some of them match.

  python3 bench/rules_bench_gen.py CORPUS_DIR OUT_DIR RULES FILES SEED

Writes OUT_DIR/rules-0.yar ... rules-(FILES-1).yar, OUT_DIR/regex-rules.tsv ("nsI<TAB>rule" of the rules
with a regular expression, which imbrex skips) and OUT_DIR/rules.stats ("rules N", "strings N", ...).
The same corpus, counts and seed give the same bytes (no clock, no hash order, files read in path order).

Resembles public rule sets:
  about 2/3 packer rules as converted from PEiD:    import "pe"
    rule UPX_v20_0007 : packer PEiD { strings: $a = { 60 BE ?? ?? ?? 00 8D BE [2-4] 57 } condition:
    $a at pe.entry_point }     (some drawn from the entry points of the corpus's PE files, so they match)
  the rest malware rules: 2-8 text strings (ascii, wide, nocase, fullword), hex strings with alternatives
    ( AA | BB CC ), conditions such as 2 of them, any of ($s*), #s1 > 2 and $s2, all of them,
    uint16(0) == 0x5A4D and filesize < 2MB and ..., private rules IsPE / IsELF referred to by others;
    about a third with strings of one corpus file (so it, and files like it, match), the rest invented;
  about 2% of the malware rules with a regular expression string (imbrex skips them).
Every string has an atom YARA rates as usable: text of 6+ characters with 4+ distinct bytes, hex with a run
of 4+ distinct literal bytes, so no string is found a million times in a file (YARA's cap).
"""
import os
import random
import re
import struct
import sys

PRINTABLE = re.compile(rb"[\x20-\x7e]{6,}")
WIDE = re.compile(rb"(?:[\x20-\x7e]\x00){6,}")

PACKERS = ["UPX", "ASPack", "PECompact", "Armadillo", "Themida", "MEW", "FSG", "Petite", "NsPack", "MPRESS",
           "Upack", "tElock", "Yoda_Crypter", "EXECryptor", "Obsidium", "VMProtect", "Enigma", "ExeStealth",
           "PEtite", "kkrunchy", "WinUpack", "RLPack", "NeoLite", "PESpin", "ACProtect", "SVKP", "Molebox",
           "EXE32Pack", "PKLITE32", "Shrinker", "WWPack32", "Crunch", "DxPack", "PE_Pack", "Morphine",
           "Microsoft_Visual_Cpp", "Borland_Delphi", "MinGW_GCC", "Free_Pascal", "Watcom_C"]
PACKER_PROLOGUES = ["60 E8 00 00 00 00 5D", "60 BE", "55 8B EC 6A FF 68", "EB 10", "60 E8 03 00 00 00",
                    "B8 ?? ?? ?? 00 50 64 FF 35", "E8 00 00 00 00 5D 81 ED", "55 8B EC 83 C4 F0 B8",
                    "BE ?? ?? ?? 00 AD 50 FF 76", "64 A1 00 00 00 00 55 8B EC", "87 25 ?? ?? ?? 00 61",
                    "53 56 57 55 E8 00 00 00 00", "9C 60 E8 00 00 00 00", "68 ?? ?? ?? 00 E8 01 00 00 00",
                    "48 83 EC 28 E8", "40 53 48 83 EC 20"]
FAMILIES = ["Emotet", "TrickBot", "Qakbot", "AgentTesla", "Formbook", "Remcos", "NjRAT", "Mirai", "Gafgyt",
            "XorDDoS", "Tsunami", "CobaltStrike", "Sliver", "Meterpreter", "PlugX", "ShadowPad", "Lazarus",
            "Turla", "APT28", "Kinsing", "TeamTNT", "CoinMiner", "XMRig", "Ransom_Lockbit", "Ransom_Conti",
            "Ransom_BlackCat", "Webshell_China", "Backdoor_Linux", "Rootkit_Diamorphine", "HackTool_Mimikatz",
            "Stealer_Raccoon", "Loader_Bumblebee", "Dropper_Generic", "Exploit_CVE_2021_4034", "Suspicious"]
TAG_SETS = [[], [], ["malware"], ["trojan"], ["APT"], ["linux", "elf"], ["windows", "pe"], ["ransomware"],
            ["miner"], ["webshell"], ["hacktool"]]
SYLLABLES = ["ka", "zu", "mor", "tex", "vil", "qua", "rin", "dok", "sa", "lem", "pyx", "gor", "nu", "fis",
             "wab", "ez", "tor", "xin", "bla", "cru", "jov", "hep", "oul", "yak"]
INDICATORS = [b"GetProcAddress", b"LoadLibraryA", b"VirtualAlloc", b"VirtualProtect", b"CreateRemoteThread",
              b"WriteProcessMemory", b"IsDebuggerPresent", b"kernel32.dll", b"KERNEL32.dll", b"ntdll.dll",
              b"ShellExecuteW", b"InternetOpenUrlA", b"URLDownloadToFileA", b"CreateMutexA",
              b"SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run", b"cmd.exe /c ", b"powershell -enc",
              b"/bin/sh", b"/bin/bash", b"/proc/self/exe", b"/dev/null", b"LD_PRELOAD", b"/etc/passwd",
              b"/etc/crontab", b"chmod 777", b"wget http", b"curl -fsSL", b"User-Agent: Mozilla/5.0",
              b"stratum+tcp://", b"BEGIN RSA PRIVATE KEY", b"GLIBC_2.2.5", b"libpthread.so.0",
              b"/tmp/.X11-unix", b"iptables -F", b"HTTP/1.1", b"Content-Type: ", b"base64_decode",
              b"__libc_start_main", b"setsockopt", b"getaddrinfo", b"SSL_CTX_new", b"ptrace"]
TLDS = ["com", "net", "org", "ru", "cn", "top", "xyz", "info", "biz", "su"]
REGEXES = [r"/https?:\/\/[a-z0-9.\-]{4,40}\/gate\.php/", r"/[a-z2-7]{16}\.onion/",
           r"/eval\(base64_decode\(\$_(GET|POST)\[/", r"/stratum\+tcp:\/\/[a-z0-9.]+:[0-9]{2,5}/",
           r"/Global\\[A-Za-z0-9]{8,16}Mutex/", r"/\/tmp\/\.[a-z]{3,8}\/[a-z]{4,}/",
           r"/User-Agent: [A-Za-z]{6,12}\/[0-9]\.[0-9]/", r"/(cmd|powershell)\.exe \/[ck] [a-z]{4,}/"]


def pe_entry_offset(data):
    """File offset of a PE file's entry point, as YARA's pe.entry_point gives it, or None when unsure."""
    if len(data) < 0x40 or data[:2] != b"MZ":
        return None
    e_lfanew = struct.unpack_from("<I", data, 0x3C)[0]
    if e_lfanew + 0x18 + 0x60 > len(data) or data[e_lfanew:e_lfanew + 4] != b"PE\0\0":
        return None
    sections, opt_size = struct.unpack_from("<H", data, e_lfanew + 6)[0], struct.unpack_from("<H", data, e_lfanew + 20)[0]
    opt = e_lfanew + 24
    entry_rva = struct.unpack_from("<I", data, opt + 16)[0]
    table = opt + opt_size
    for i in range(sections):
        at = table + 40 * i
        if at + 40 > len(data):
            return None
        vsize, va, raw_size, raw_ptr = struct.unpack_from("<IIII", data, at + 8)
        if va <= entry_rva < va + raw_size and raw_ptr % 0x200 == 0:
            offset = raw_ptr + entry_rva - va
            return offset if offset + 48 <= len(data) else None
    return None


class Corpus:
    def __init__(self, directory, rng):
        self.files = sorted(os.path.join(directory, f) for f in os.listdir(directory))
        self.files = [f for f in self.files if os.path.isfile(f) and not os.path.islink(f)]
        self.rng = rng
        self.pe, self.elf, self.small = [], [], []
        self.entry_points = []  # bytes at the entry point of each PE file of the corpus
        for path in self.files:
            with open(path, "rb") as f:
                head = f.read(4)
            size = os.path.getsize(path)
            if head[:2] == b"MZ":
                self.pe.append(path)
                with open(path, "rb") as f:
                    data = f.read()
                offset = pe_entry_offset(data)
                if offset is not None and len(set(data[offset:offset + 12])) >= 5:
                    self.entry_points.append(data[offset:offset + 48])
            elif head == b"\x7fELF":
                self.elf.append(path)
            if size < (2 << 20):
                self.small.append(path)
        self.cache = {}

    def strings_of(self, path):
        """(ascii runs, wide runs, counts) of one file: distinct printable runs of 6+ characters."""
        if path not in self.cache:
            with open(path, "rb") as f:
                data = f.read(16 << 20)
            counts = {}
            for m in PRINTABLE.finditer(data):
                s = m.group()[:40]
                if len(set(s)) >= 4 and not s.startswith(b" ") and not s.endswith(b" "):
                    counts[s] = counts.get(s, 0) + 1
            wide = sorted({m.group()[:80:2] for m in WIDE.finditer(data)
                           if len(set(m.group()[:80:2])) >= 4})
            if len(self.cache) > 64:
                self.cache.pop(next(iter(self.cache)))
            self.cache[path] = (sorted(counts), wide, counts, data)
        return self.cache[path]

    def window(self, path, length):
        """A run of real bytes of a file with at least 6 distinct values among its first 8, or None."""
        data = self.strings_of(path)[3]
        if len(data) <= length:
            return None
        for _ in range(20):
            at = self.rng.randrange(len(data) - length)
            w = data[at:at + length]
            if len(set(w[:8])) >= 6 and len(set(w)) >= length // 3:
                return w
        return None


def word(rng, syllables=None):
    return "".join(rng.choice(SYLLABLES) for _ in range(syllables or rng.randint(2, 4)))


def invented_string(rng):
    kind = rng.randrange(9)
    if kind == 0:
        return f"http://{word(rng)}{rng.randint(1, 99)}.{rng.choice(TLDS)}/{word(rng)}.php".encode()
    if kind == 1:
        return f"Global\\{word(rng).capitalize()}{rng.getrandbits(32):08X}".encode()
    if kind == 2:
        return f"{word(rng).capitalize()}{word(rng, 2).capitalize()}.exe".encode()
    if kind == 3:
        return f"{word(rng)}{rng.choice(['32', '64', '_x86', ''])}.dll".encode()
    if kind == 4:
        return f"/tmp/.{word(rng, 2)}/{word(rng)}".encode()
    if kind == 5:
        return f"{word(rng).upper()}_{word(rng).upper()}_KEY".encode()
    if kind == 6:
        return rng.choice(INDICATORS)
    if kind == 7:
        return f"{{{rng.getrandbits(32):08X}-{rng.getrandbits(16):04X}-{rng.getrandbits(16):04X}}}".encode()
    return f"{word(rng)} {word(rng)} {word(rng, 2)}".encode()


def text_literal(value):
    out = []
    for b in value:
        c = chr(b)
        out.append("\\\\" if c == "\\" else '\\"' if c == '"' else c if 0x20 <= b < 0x7f else f"\\x{b:02X}")
    return '"' + "".join(out) + '"'


def random_case(rng, value):
    return bytes(b ^ 0x20 if chr(b).isalpha() and rng.random() < 0.5 else b for b in value)


def hex_tokens(rng, data, wild=0.1, jumps=0.0, alternative=False):
    """YARA hex tokens for data: some bytes ??, some runs [n-m] (a gap the data has), one ( X | Y Z )."""
    tokens, i, n, alternated = [], 0, len(data), False
    while i < n:
        inner = 0 < i < n - 1 and i >= 4
        if inner and i < n - 4 and rng.random() < jumps:
            gap = rng.randint(1, 4)
            if i + gap < n - 1:
                low, high = max(0, gap - rng.randint(0, 2)), gap + rng.randint(0, 3)
                tokens.append(f"[{gap}]" if low == high else f"[{low}-{high}]")
                i += gap
                continue
        if inner and alternative and not alternated and rng.random() < 0.2:
            other = f"{rng.randrange(256):02X}"
            tokens.append(rng.choice([f"( {data[i]:02X} | {other} {rng.randrange(256):02X} )",
                                      f"( {other} | {data[i]:02X} )",
                                      f"( {data[i]:02X} | {other} )"]))
            alternated = True
        elif inner and rng.random() < wild:
            tokens.append("??")
        else:
            tokens.append(f"{data[i]:02X}")
        i += 1
    return " ".join(tokens)


class Generator:
    def __init__(self, corpus, rules, files, seed):
        self.corpus = corpus
        self.rng = random.Random(seed)
        corpus.rng = self.rng
        self.total = rules
        self.file_count = files
        self.names = set()
        self.strings = 0
        self.regex_rules = []
        self.stats = {"packer": 0, "packer_from_entry_point": 0, "malware": 0, "malware_from_corpus": 0,
                      "regex": 0, "private": 0}

    def unique(self, base):
        name = base
        k = 1
        while name in self.names:
            k += 1
            name = f"{base}_{k}"
        self.names.add(name)
        return name

    def packer_rule(self, index):
        rng = self.rng
        stats = self.stats
        packer = rng.choice(PACKERS)
        name = self.unique(f"{packer}_v{rng.randint(0, 3)}{rng.randint(0, 9)}{rng.choice(['', 'x', '_beta'])}_{index:04d}")
        count = 2 if rng.random() < 0.1 else 1
        strings = []
        for s in range(count):
            length = rng.randint(10, 32)
            draw = rng.random()
            if draw < 0.22 and self.corpus.entry_points:
                data = rng.choice(self.corpus.entry_points)[:length]
                stats["packer_from_entry_point"] += 1
            elif draw < 0.55 and self.corpus.files:
                data = self.corpus.window(rng.choice(self.corpus.files), length)
                data = data or bytes(rng.randrange(256) for _ in range(length))
            else:
                prologue = bytes.fromhex(rng.choice(PACKER_PROLOGUES).replace("??", "00"))
                data = prologue + bytes(rng.randrange(256) for _ in range(max(4, length - len(prologue))))
            text = hex_tokens(rng, data, wild=0.12, jumps=0.08)
            strings.append(f"$a{s} = {{ {text} }}" if count > 1 else f"$a = {{ {text} }}")
        condition = " or ".join(f"$a{s} at pe.entry_point" for s in range(count)) if count > 1 \
            else "$a at pe.entry_point"
        stats["packer"] += 1
        self.strings += count
        return self.render(name, ["packer", "PEiD"] if rng.random() < 0.7 else [],
                           [f'description = "{packer.replace("_", " ")} packed file"', 'source = "PEiD"'],
                           strings, condition)

    def render(self, name, tags, meta, strings, condition, private=False):
        head = ("private " if private else "") + f"rule {name}" + (" : " + " ".join(tags) if tags else "")
        lines = [head, "{"]
        if meta:
            lines.append("    meta:")
            lines.extend("        " + m for m in meta)
        if strings:
            lines.append("    strings:")
            lines.extend("        " + s for s in strings)
        lines.append("    condition:")
        lines.append("        " + condition)
        lines.append("}")
        return "\n".join(lines) + "\n"

    def malware_rule(self, index, namespace, previous_names):
        rng = self.rng
        stats = self.stats
        family = rng.choice(FAMILIES)
        if previous_names and rng.random() < 0.01:
            name = rng.choice(previous_names)  # the same name in another namespace: YARA allows it
            if name in self.names:
                name = self.unique(f"{family}_{index:04d}")
            else:
                self.names.add(name)
        else:
            name = self.unique(f"{rng.choice(['MAL', 'APT', 'HKTL', 'SUSP', 'Linux', 'Win'])}_{family}_{index:04d}")
        kind = rng.choice(["all", "n_of", "n_of", "any_s", "count", "pe_mz", "elf", "pe_module", "private_ref",
                           "filesize"])
        regex = index % 33 == 16  # 3% of the third of malware rules: about 2% of all the rules
        from_corpus = rng.random() < 0.35
        source = None
        if from_corpus:
            pool = (self.corpus.pe if kind in ("pe_mz", "pe_module") else
                    self.corpus.elf if kind == "elf" else
                    self.corpus.small if kind == "filesize" else self.corpus.files)
            if kind == "private_ref":
                pool = self.corpus.pe + self.corpus.elf
            source = rng.choice(pool) if pool else None
        ascii_runs, wide_runs, counts = ([], [], {}) if source is None else self.corpus.strings_of(source)[:3]
        if source is not None and not ascii_runs:
            source = None
        text, hexes = [], []
        n = 2 if kind == "count" else rng.randint(2, 8)
        hex_count = 0 if kind in ("count",) else sum(rng.random() < 0.2 for _ in range(n // 2))
        for s in range(n - hex_count):
            modifiers = []
            if source is not None and (s < 2 or rng.random() < 0.6):
                if kind == "count" and s == 0:
                    frequent = [v for v in ascii_runs if counts[v] >= 3 and len(v) >= 6]
                    value = rng.choice(frequent) if frequent else rng.choice(ascii_runs)
                elif wide_runs and rng.random() < 0.3:
                    value = rng.choice(wide_runs)
                    modifiers.append("wide")
                else:
                    value = rng.choice(ascii_runs)
            else:
                value = invented_string(rng)
            r = rng.random()
            if r < 0.12:
                value = random_case(rng, value)
                modifiers.append("nocase")
            elif r < 0.22 and "wide" not in modifiers:
                modifiers.extend(["ascii", "wide"])
            elif r < 0.30 and "wide" not in modifiers:
                modifiers.append("ascii")
            if rng.random() < 0.15:
                modifiers.append("fullword")
            text.append((value, modifiers))
        for h in range(hex_count):
            data = self.corpus.window(source, rng.randint(12, 24)) if source is not None else None
            data = data or bytes(rng.randrange(256) for _ in range(rng.randint(12, 24)))
            hexes.append(hex_tokens(rng, data, wild=0.1, jumps=0.05, alternative=True))
        if kind == "count":
            ids = ["$a", "$b"]
        else:
            ids = [f"$s{i + 1}" for i in range(len(text))]
        strings = [f"{i} = {text_literal(v)}" + "".join(" " + m for m in mods) for i, (v, mods) in zip(ids, text)]
        strings += [f"$h{i + 1} = {{ {t} }}" for i, t in enumerate(hexes)]
        if regex:
            strings.append(f"$r = {rng.choice(REGEXES)}" + rng.choice(["", " nocase", " ascii wide"]))
        total = len(strings)
        hex_part = " and any of ($h*)" if hexes else ""
        k = min(total, rng.choice([2, 2, 3]))
        if kind == "all":
            condition = "all of them"
        elif kind == "n_of":
            condition = f"{k} of them"
        elif kind == "any_s":
            condition = "any of ($s*)" + hex_part
        elif kind == "count":
            condition = "#a > 2 and $b"
        elif kind == "pe_mz":
            condition = f"uint16(0) == 0x5A4D and filesize < 2MB and {k} of them"
        elif kind == "elf":
            condition = f"uint32(0) == 0x464C457F and {min(k, len(text))} of ($s*)" + hex_part
        elif kind == "pe_module":
            condition = f"pe.is_pe and pe.number_of_sections >= {rng.randint(2, 5)} and {k} of them"
        elif kind == "private_ref":
            condition = f"{rng.choice(['IsPE', 'IsELF'])} and {k} of them"
        else:
            condition = f"filesize < {rng.choice(['500KB', '1MB', '2MB'])} and any of them"
        if regex:
            if kind == "count":
                condition = f"({condition}) or $r"
            elif "of them" not in condition:
                condition += " and $r" if rng.random() < 0.5 else " or $r"
            self.regex_rules.append((namespace, name))
            stats["regex"] += 1
        stats["malware"] += 1
        stats["malware_from_corpus"] += source is not None
        self.strings += total
        tags = rng.choice(TAG_SETS)
        meta = [f'author = "{word(rng).capitalize()} {word(rng).capitalize()}"',
                f'description = "Detects {family.replace("_", " ")} samples"',
                f'date = "20{rng.randint(15, 26)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"']
        if rng.random() < 0.5:
            meta.append(f'hash = "{rng.getrandbits(256):064x}"')
        if rng.random() < 0.3:
            meta.append(f"score = {rng.randint(40, 100)}")
        return self.render(name, tags, meta, strings, condition)

    def private_rules(self):
        self.stats["private"] += 2
        return (self.render("IsPE", [], [], [], "uint16(0) == 0x5A4D and uint32(uint32(0x3C)) == 0x00004550",
                            private=True) +
                self.render("IsELF", [], [], [], "uint32(0) == 0x464C457F", private=True))

    def write(self, out):
        packers = self.total * 2 // 3
        per_file = [[] for _ in range(self.file_count)]
        names_of = [[] for _ in range(self.file_count)]
        for i in range(self.total):
            f = i * self.file_count // self.total
            if i < packers:
                rule = self.packer_rule(i)
            else:
                if not any(r.startswith("private rule IsPE") for r in per_file[f]):
                    self.names.update(("IsPE", "IsELF"))
                    per_file[f].append(self.private_rules())
                rule = self.malware_rule(i, f"ns{f}", names_of[f - 1] if f > 0 else [])
            per_file[f].append(rule)
            names_of[f].append(rule.split("\n", 1)[0].split()[1])
            # Names are unique within a namespace (self.names); the next rule file starts afresh.
            if (i + 1) * self.file_count // self.total != f:
                self.names = set()
        for f, rules in enumerate(per_file):
            header = f"// rules-bench rule file {f} of {self.file_count}: {len(rules)} rules\n"
            if any("pe." in r for r in rules):
                header += 'import "pe"\n'
            with open(os.path.join(out, f"rules-{f}.yar"), "w") as h:
                h.write(header + "\n" + "\n".join(rules))
        with open(os.path.join(out, "regex-rules.tsv"), "w") as h:
            for namespace, name in self.regex_rules:
                h.write(f"{namespace}\t{name}\n")
        with open(os.path.join(out, "rules.stats"), "w") as h:
            h.write(f"rules {self.total + self.stats['private']}\nstrings {self.strings}\n")
            h.write(f"pe_files {len(self.corpus.pe)}\nentry_points {len(self.corpus.entry_points)}\n")
            for key, value in self.stats.items():
                h.write(f"{key} {value}\n")


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    corpus_dir, out, rules, files, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    if rules < files or files < 1:
        sys.exit("rules_bench_gen: need at least one rule per rule file")
    rng = random.Random(seed)
    Generator(Corpus(corpus_dir, rng), rules, files, seed).write(out)


if __name__ == "__main__":
    main()
