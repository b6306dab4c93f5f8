package org.imbrex.kernels.asm;

import java.util.List;

/**
 * Decides whether several thread groups of a Dispatch may run side by side in one SIMT pass of a
 * {@link GroupMachine}, with the same result as running them one after another.
 *
 * <p>Groups of one Dispatch share only UAV memory. Side by side, group 1's instruction k runs before group
 * 0's instruction k + 1; so the results stay those of the sequential order when no group can observe
 * another's writes and no two writes can land in the order-dependent way:
 * <pre>
 *   no groupshared memory and no sync_*       (both are per group)
 *   no atomic_* / imm_atomic_*                (their return values and order)
 *   no load from a UAV                        (ld_uav_typed, ld_raw/ld_structured on u#)
 *   at most one UAV store, outside any loop   (each lane stores once; lanes store in ascending order,
 *                                              so the later group still writes last)
 * </pre>
 * Example: {@code Msad4Search.asm} (one {@code store_uav_typed} after its loop) is independent;
 * a reduction through {@code g0} with {@code sync_g_t} is not.
 */
final class GroupIndependence {
    private GroupIndependence() {
    }

    static boolean holds(Declarations declarations, List<Instruction> code) {
        if (!declarations.groupShared().isEmpty()) {
            return false;
        }
        int loops = 0;
        int stores = 0;
        for (Instruction ins : code) {
            Opcode op = ins.opcode;
            if (op.has(OpcodeTrait.OPENS_LOOP)) {
                loops++;
            } else if (op.has(OpcodeTrait.CLOSES_LOOP)) {
                loops--;
            }
            if (op.has(OpcodeTrait.BARRIER) || op.has(OpcodeTrait.ATOMIC) || readsUav(ins)) {
                return false;
            }
            if (op.has(OpcodeTrait.STORES)) {
                stores++;
                if (loops > 0 || stores > 1) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean readsUav(Instruction ins) {
        if (!ins.opcode.has(OpcodeTrait.LOADS)) {
            return false;
        }
        for (Operand operand : ins.operands) {
            if (operand.type == RegisterType.UAV) {
                return true;
            }
        }
        return false;
    }
}
