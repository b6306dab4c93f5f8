package org.imbrex.kernels.resource;

/**
 * Thread-group shared memory ({@code groupshared} in HLSL, {@code g#} registers in assembly): 32-bit words
 * shared by the threads of one group, at most 32 KB over all registers in cs_5_0 (FS §18.6.6).
 *
 * <p>Contents are undefined when a group starts; imbrex zeroes them per group so that results never depend
 * on which group ran before. Example: {@code GroupShared.allocate(32 * 1024, 64).register(0)} is a 64-word
 * array; {@code allocate(32 * 1024, 8193)} throws, naming 32772 bytes and the 32768-byte limit.
 */
public final class GroupShared {
    private final int[][] registers;

    private GroupShared(int[][] registers) {
        this.registers = registers;
    }

    /**
     * Declares registers {@code g0, g1, …} of the given sizes in 32-bit words.
     *
     * @param limitBytes the profile's limit, e.g. {@code ShaderModel.CS_5_0.groupSharedBytes()}
     */
    public static GroupShared allocate(int limitBytes, int... wordsPerRegister) {
        long total = 0;
        int[][] registers = new int[wordsPerRegister.length][];
        for (int g = 0; g < wordsPerRegister.length; g++) {
            if (wordsPerRegister[g] < 0) {
                throw new IllegalArgumentException("g" + g + " cannot have " + wordsPerRegister[g] + " words");
            }
            total += 4L * wordsPerRegister[g];
            registers[g] = new int[wordsPerRegister[g]];
        }
        if (total > limitBytes) {
            throw new IllegalArgumentException("groupshared declarations take " + total + " bytes; the limit is "
                    + limitBytes + " bytes");
        }
        return new GroupShared(registers);
    }

    /** The words of register {@code g#}. */
    public int[] register(int g) {
        return registers[g];
    }

    /** Zeroes every register: called when a new group starts. */
    public void clear() {
        for (int[] register : registers) {
            java.util.Arrays.fill(register, 0);
        }
    }
}
