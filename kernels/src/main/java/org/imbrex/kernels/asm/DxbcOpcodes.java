package org.imbrex.kernels.asm;

/**
 * The SM4/SM5 opcode numbers (bits 0–10 of an opcode token, {@code D3D10_SB_OPCODE_TYPE}) and their
 * mnemonics, and the mnemonic each number runs as in {@link OpcodeTable}.
 *
 * <pre>
 *   0x1e iadd      0x1f if        → if_z / if_nz by the test bit (18)     0x03 breakc, 0x08 continuec, 0x3f retc alike
 *   0xbe sync      → sync[_uglobal|_ugroup][_g][_t] by its flags (bits 11–14: _t, _g, _ugroup, _uglobal)
 *   0x35 customdata  (data, not code)          0x58..0x6a, 0x8f..0xa2, 0xce  declarations
 *   0x6b, 0x70, 0xd1, 0xda, 0xeb and above: no opcode
 * </pre>
 * Example: {@code DxbcOpcodes.name(0xd5)} is {@code msad}; {@code name(0x45)} is {@code sample} (known,
 * but not in the table: not run); {@code name(0x6b)} is null.
 */
final class DxbcOpcodes {
    static final int BREAKC = 0x03;
    static final int CONTINUEC = 0x08;
    static final int IF = 0x1f;
    static final int CUSTOMDATA = 0x35;
    static final int RETC = 0x3f;
    static final int DCL_RESOURCE = 0x58;
    static final int DCL_CONSTANT_BUFFER = 0x59;
    static final int DCL_INPUT = 0x5f;
    static final int DCL_TEMPS = 0x68;
    static final int DCL_INDEXABLE_TEMP = 0x69;
    static final int DCL_GLOBAL_FLAGS = 0x6a;
    static final int DCL_THREAD_GROUP = 0x9b;
    static final int DCL_UAV_TYPED = 0x9c;
    static final int DCL_UAV_RAW = 0x9d;
    static final int DCL_UAV_STRUCTURED = 0x9e;
    static final int DCL_TGSM_RAW = 0x9f;
    static final int DCL_TGSM_STRUCTURED = 0xa0;
    static final int DCL_RESOURCE_RAW = 0xa1;
    static final int DCL_RESOURCE_STRUCTURED = 0xa2;
    static final int SYNC = 0xbe;

    /** Bit 18 of {@code if}, {@code breakc}, {@code continuec}, {@code retc}: test for non-zero. */
    static final int TEST_NONZERO = 1 << 18;
    /** Bit 13 of an arithmetic opcode: {@code _sat}. */
    static final int SATURATE = 1 << 13;

    /** Mnemonics by number, {@code -} for numbers without an opcode. */
    private static final String[] NAMES = """
            add and break breakc call callc case continue
            continuec cut default deriv_rtx deriv_rty discard div dp2
            dp3 dp4 else emit emit_then_cut endif endloop endswitch
            eq exp frc ftoi ftou ge iadd if
            ieq ige ilt imad imax imin imul ine
            ineg ishl ishr itof label ld ld2dms log
            loop lt mad min max customdata mov movc
            mul ne nop not or resinfo ret retc
            round_ne round_ni round_pi round_z rsq sample sample_c sample_c_lz
            sample_l sample_d sample_b sqrt switch sincos udiv ult
            uge umul umad umax umin ushr utof xor
            dcl_resource dcl_constantBuffer dcl_sampler dcl_indexRange dcl_outputTopology dcl_inputPrimitive dcl_maxOutputVertexCount dcl_input
            dcl_input_sgv dcl_input_siv dcl_input_ps dcl_input_ps_sgv dcl_input_ps_siv dcl_output dcl_output_sgv dcl_output_siv
            dcl_temps dcl_indexableTemp dcl_globalFlags - lod gather4 sample_pos sample_info
            - hs_decls hs_control_point_phase hs_fork_phase hs_join_phase emit_stream cut_stream emit_then_cut_stream
            fcall bufinfo deriv_rtx_coarse deriv_rtx_fine deriv_rty_coarse deriv_rty_fine gather4_c gather4_po
            gather4_po_c rcp f32tof16 f16tof32 uaddc usubb countbits firstbit_hi
            firstbit_lo firstbit_shi ubfe ibfe bfi bfrev swapc dcl_stream
            dcl_function_body dcl_function_table dcl_interface dcl_input_control_point_count dcl_output_control_point_count dcl_tessellator_domain dcl_tessellator_partitioning dcl_tessellator_output_primitive
            dcl_hs_max_tessfactor dcl_hs_fork_phase_instance_count dcl_hs_join_phase_instance_count dcl_thread_group dcl_uav_typed dcl_uav_raw dcl_uav_structured dcl_tgsm_raw
            dcl_tgsm_structured dcl_resource_raw dcl_resource_structured ld_uav_typed store_uav_typed ld_raw store_raw ld_structured
            store_structured atomic_and atomic_or atomic_xor atomic_cmp_store atomic_iadd atomic_imax atomic_imin
            atomic_umax atomic_umin imm_atomic_alloc imm_atomic_consume imm_atomic_iadd imm_atomic_and imm_atomic_or imm_atomic_xor
            imm_atomic_exch imm_atomic_cmp_exch imm_atomic_imax imm_atomic_imin imm_atomic_umax imm_atomic_umin sync dadd
            dmax dmin dmul deq dge dlt dne dmov
            dmovc dtof ftod eval_snapped eval_sample_index eval_centroid dcl_gs_instances abort
            debug_break - ddiv dfma drcp msad dtoi dtou
            itod utod - gather4_s gather4_c_s gather4_po_s gather4_po_c_s ld_s
            ld2dms_s ld_uav_typed_s ld_raw_s ld_structured_s sample_l_s sample_c_lz_s sample_cl_s sample_b_cl_s
            sample_d_cl_s sample_c_cl_s check_access_fully_mapped
            """.trim().split("\\s+");

    private DxbcOpcodes() {
    }

    /** The mnemonic of opcode {@code number}, or null when no opcode has that number. */
    static String name(int number) {
        if (number < 0 || number >= NAMES.length || NAMES[number].equals("-")) {
            return null;
        }
        return NAMES[number];
    }

    /** True for the {@code dcl_*} numbers. */
    static boolean isDeclaration(int number) {
        String name = name(number);
        return name != null && name.startsWith("dcl_");
    }

    /**
     * The {@link OpcodeTable} name an opcode token runs as: the mnemonic, with the test of the conditional
     * opcodes and the flags of {@code sync} spelled out as the assembly spells them.
     */
    static String tableName(int number, int token) {
        String name = name(number);
        return switch (number) {
            case IF, BREAKC, CONTINUEC, RETC -> name + ((token & TEST_NONZERO) != 0 ? "_nz" : "_z");
            case SYNC -> {
                int flags = (token >>> 11) & 0xF;
                StringBuilder sync = new StringBuilder("sync");
                if ((flags & 8) != 0) {
                    sync.append("_uglobal");
                }
                if ((flags & 4) != 0) {
                    sync.append("_ugroup");
                }
                if ((flags & 2) != 0) {
                    sync.append("_g");
                }
                if ((flags & 1) != 0) {
                    sync.append("_t");
                }
                yield sync.toString();
            }
            default -> name;
        };
    }
}
