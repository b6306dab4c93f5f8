package org.imbrex.io.signature;

import java.util.Arrays;

/** The bytes of a hex string as they are read, growing as needed. */
final class HexPattern {
    private byte[] bytes = new byte[64];
    private boolean[] wildcard = new boolean[64];
    private int length;

    void add(int value, boolean isWildcard) {
        if (length == bytes.length) {
            bytes = Arrays.copyOf(bytes, length * 2);
            wildcard = Arrays.copyOf(wildcard, length * 2);
        }
        bytes[length] = (byte) value;
        wildcard[length] = isWildcard;
        length++;
    }

    int length() {
        return length;
    }

    Signature toSignature(String name) {
        return new Signature(name, Arrays.copyOf(bytes, length), Arrays.copyOf(wildcard, length));
    }
}
