package org.imbrex.io.yara.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.yara.strings.HexString;
import org.imbrex.io.yara.strings.HexToken;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringModifier;
import org.imbrex.io.yara.strings.TextString;

/**
 * The atoms of a YARA string: windows of fixed bytes such that every match of the string holds one of
 * them, at the atom's offset from the match's start. The scan finds the atoms; each atom found gives one
 * start to check with the exact matcher. Nothing is lost, because every match contains an atom:
 * <pre>
 *   text       the string's first 64 bytes, in the forms it matches (ascii, wide: b0 00 b1 00); with
 *              nocase lowercased, found in the files' bytes with A-Z lowercased (Atom.caseBlind)
 *   hex        the best of its fixed runs (AtomQuality): the bytes before the first jump, every
 *              alternative written out (at most 16 atoms), or a later run at a bounded distance:
 *                { 4D 5A ( 90 | 00 ?? ) 00 [4] 50 }   →   4D 5A 90 00 @0,  4D 5A 00 ?? 00 @0
 *                { 00 00 00 48 [0-3] 24 51 C7 05 }   →   24 51 C7 05 @4..7
 *              nibble wildcards and ~ bytes become wildcards; leading wildcards move the offset
 * </pre>
 * Every text string has atoms. A hex string without an exact byte in its head or in any run at a bounded
 * distance ({@code { ?? 4? [-] 5A }}) has none: the engine then matches it over the whole file.
 *
 * <p>Example: {@code $a = "Ab" nocase} has the atom {@code 61 62 @0 nocase}; {@code
 * $b = { ?? 4D [2] 5A }} has {@code 4D @1}.
 */
public final class StringAtoms {
    /** The longest atom, in bytes. */
    public static final int MAX_BYTES = 64;
    /** The most atoms a string gets from its alternatives. */
    static final int MAX_ALTERNATIVES = 16;
    /** The widest range of starts one atom stands for (the jumps and groups before a run that is not the head). */
    static final int MAX_SPREAD = 64;

    private StringAtoms() {
    }

    /** The atoms of {@code definition}, or empty when it has none (it is then matched over the whole file). */
    public static Optional<List<Atom>> of(StringDefinition definition) {
        if (definition.value() instanceof TextString text) {
            return Optional.of(textAtoms(definition, text));
        }
        if (definition.value() instanceof HexString hex) {
            return hexAtoms(hex);
        }
        throw new IllegalArgumentException("$" + definition.identifier() + " has no atoms: "
                + definition.unsupportedReason().orElse("not a text or hex string"));
    }

    /**
     * The string's first bytes, at most 64 (32 characters when wide), in each form it matches; with nocase
     * lowercased, for the lowercased view of the files.
     * <pre>
     *   text     Key-1                 nocase
     *   ascii    6B 65 79 2D 31 @0     case-blind
     *   wide     6B 00 65 00 79 00 2D 00 31 00 @0     case-blind
     * </pre>
     */
    private static List<Atom> textAtoms(StringDefinition definition, TextString text) {
        boolean nocase = definition.has(StringModifier.NOCASE);
        boolean wide = definition.has(StringModifier.WIDE);
        byte[] window = new byte[Math.min(text.length(), wide ? MAX_BYTES / 2 : MAX_BYTES)];
        for (int i = 0; i < window.length; i++) {
            window[i] = (byte) (nocase ? TileBytes.ASCII_LOWER.of(text.byteAt(i)) : text.byteAt(i));
        }
        List<Atom> atoms = new ArrayList<>();
        if (definition.matchesAscii()) {
            atoms.add(new Atom(window, new boolean[window.length], 0, 0, nocase));
        }
        if (wide) {
            byte[] bytes = new byte[2 * window.length];
            for (int i = 0; i < window.length; i++) {
                bytes[2 * i] = window[i];
            }
            atoms.add(new Atom(bytes, new boolean[bytes.length], 0, 0, nocase));
        }
        return atoms;
    }

    /**
     * The atoms of the best of the string's fixed runs: the ways it can begin (up to its first jump, every
     * alternative written out), or any later run of bytes between jumps and groups whose distance from the
     * start is bounded. A later run's atom stands for a range of starts, {@code offset} to {@code offset +
     * spread} before it; the best run is the one of highest {@link AtomQuality}, the head on ties.
     * <pre>
     *   { 00 00 00 48 [0-3] 24 51 C7 05 }     head   00 00 00 48 @0              quality 60
     *                                         run    24 51 C7 05 @4, spread 3    quality 82 - 2·3
     *   { 4D 5A [-] 50 45 00 00 }             head   4D 5A @0 (the run after [-] has no bounded distance)
     * </pre>
     */
    private static Optional<List<Atom>> hexAtoms(HexString hex) {
        Optional<List<Atom>> best = headAtoms(hex);
        int bestQuality = best.map(AtomQuality::of).orElse(Integer.MIN_VALUE);
        int min = 0;
        int max = 0;
        List<HexToken.HexByte> run = new ArrayList<>();
        for (HexToken token : hex.tokens()) {
            if (token instanceof HexToken.HexByte b) {
                run.add(b);
                continue;
            }
            Optional<Atom> atom = runAtom(run, min, max);
            if (atom.isPresent() && AtomQuality.of(List.of(atom.get())) > bestQuality) {
                best = Optional.of(List.of(atom.get()));
                bestQuality = AtomQuality.of(best.get());
            }
            min += run.size() + minLength(token);
            long longest = (long) max + run.size() + maxLength(token);
            if (longest > Integer.MAX_VALUE / 2) {
                return best;
            }
            max = (int) longest;
            run.clear();
        }
        Optional<Atom> atom = runAtom(run, min, max);
        if (atom.isPresent() && AtomQuality.of(List.of(atom.get())) > bestQuality) {
            best = Optional.of(List.of(atom.get()));
        }
        return best;
    }

    /** The atom of a run of bytes that starts {@code min} to {@code max} bytes into every match, if it has one. */
    private static Optional<Atom> runAtom(List<HexToken.HexByte> run, int min, int max) {
        if (max == 0 || max - min > MAX_SPREAD) {
            return Optional.empty(); // the head, which headAtoms has; or too many starts per atom found
        }
        return atom(run).map(atom -> new Atom(atom.bytes(), atom.wildcard(), min + atom.offset(), max - min));
    }

    /** The fewest bytes a jump or group takes. */
    private static int minLength(HexToken token) {
        if (token instanceof HexToken.HexJump jump) {
            return jump.min();
        }
        if (token instanceof HexToken.HexAlternatives group) {
            return group.alternatives().stream().mapToInt(StringAtoms::minLength).min().orElseThrow();
        }
        return 1;
    }

    private static int minLength(List<HexToken> tokens) {
        return tokens.stream().mapToInt(StringAtoms::minLength).sum();
    }

    /** The most bytes a jump or group takes; {@link HexToken.HexJump#UNBOUNDED} for {@code [n-]}. */
    private static long maxLength(HexToken token) {
        if (token instanceof HexToken.HexJump jump) {
            return jump.max();
        }
        if (token instanceof HexToken.HexAlternatives group) {
            return group.alternatives().stream().mapToLong(StringAtoms::maxLength).max().orElseThrow();
        }
        return 1;
    }

    private static long maxLength(List<HexToken> tokens) {
        return tokens.stream().mapToLong(StringAtoms::maxLength).sum();
    }

    /** Each way the string can begin, up to its first jump, as (value, mask) bytes. */
    private static Optional<List<Atom>> headAtoms(HexString hex) {
        List<List<HexToken.HexByte>> heads = new ArrayList<>();
        heads.add(new ArrayList<>());
        if (!extend(heads, hex.tokens())) {
            return Optional.empty();
        }
        List<Atom> atoms = new ArrayList<>();
        for (List<HexToken.HexByte> head : heads) {
            Optional<Atom> atom = atom(head);
            if (atom.isEmpty()) {
                return Optional.empty();
            }
            if (!atoms.contains(atom.get())) {
                atoms.add(atom.get());
            }
        }
        return Optional.of(atoms);
    }

    /**
     * Appends {@code tokens} to every head, as far as they are bytes and groups of bytes; false when the
     * alternatives would make too many heads (the heads then stay as they were before the group).
     */
    private static boolean extend(List<List<HexToken.HexByte>> heads, List<HexToken> tokens) {
        for (HexToken token : tokens) {
            if (heads.stream().allMatch(head -> head.size() >= MAX_BYTES)) {
                return true;
            }
            if (token instanceof HexToken.HexByte b) {
                heads.forEach(head -> head.add(b));
            } else if (token instanceof HexToken.HexAlternatives group) {
                List<List<HexToken.HexByte>> next = new ArrayList<>();
                boolean open = true;
                for (List<HexToken> alternative : group.alternatives()) {
                    List<HexToken> bytes = leadingBytes(alternative);
                    open &= bytes.size() == alternative.size();
                    for (List<HexToken.HexByte> head : heads) {
                        List<HexToken.HexByte> longer = new ArrayList<>(head);
                        bytes.forEach(t -> longer.add((HexToken.HexByte) t));
                        next.add(longer);
                    }
                }
                if (next.size() > MAX_ALTERNATIVES) {
                    return true;
                }
                heads.clear();
                heads.addAll(next);
                if (!open) {
                    return true;
                }
            } else {
                return true;
            }
        }
        return true;
    }

    private static List<HexToken> leadingBytes(List<HexToken> tokens) {
        int n = 0;
        while (n < tokens.size() && tokens.get(n) instanceof HexToken.HexByte) {
            n++;
        }
        return tokens.subList(0, n);
    }

    /** The head's bytes from its first to its last exact byte (at most {@link #MAX_BYTES}), or empty. */
    private static Optional<Atom> atom(List<HexToken.HexByte> head) {
        int first = 0;
        while (first < head.size() && head.get(first).mask() != 0xFF) {
            first++;
        }
        if (first == head.size()) {
            return Optional.empty();
        }
        int last = Math.min(head.size(), first + MAX_BYTES) - 1;
        while (head.get(last).mask() != 0xFF) {
            last--;
        }
        byte[] bytes = new byte[last - first + 1];
        boolean[] wildcard = new boolean[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            HexToken.HexByte b = head.get(first + i);
            wildcard[i] = b.mask() != 0xFF;
            bytes[i] = wildcard[i] ? 0 : (byte) b.value();
        }
        return Optional.of(new Atom(bytes, wildcard, first));
    }
}
