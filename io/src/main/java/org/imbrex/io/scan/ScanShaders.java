package org.imbrex.io.scan;

import java.util.function.Supplier;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.intrinsics.MsadOverflow;
import org.imbrex.kernels.shaders.GramFilter;
import org.imbrex.kernels.shaders.Msad4Gather;
import org.imbrex.kernels.shaders.Msad4Search;
import org.imbrex.kernels.shaders.QuadFilter;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.imbrex.kernels.shaders.SumBound;

/**
 * The five shaders a scan dispatches, each bound as its HLSL declares: the msad4 search shader over whole
 * tiles, the gram and quad filters, the sum bound and the msad4 gather shader for the candidates the filters
 * leave.
 *
 * <p>Example: {@code ScanShaders.java()} are the Java mirrors (the fast path); {@code
 * ScanShaders.assembly()} interprets the shipped {@code .asm} of all five, for verification.
 */
public record ScanShaders(Supplier<? extends ComputeShader> search, Supplier<? extends ComputeShader> filter,
        Supplier<? extends ComputeShader> bound, Supplier<? extends ComputeShader> gather,
        Supplier<? extends ComputeShader> quadFilter) {

    /** The Java shaders, the search shader's loops in this JVM's {@link LaneLoops#active()} form. */
    public static ScanShaders java() {
        return java(LaneLoops.active());
    }

    /** The Java shaders, the search shader's lane loops in the given form. */
    public static ScanShaders java(LaneLoops searchLanes) {
        return new ScanShaders(() -> new Msad4Search(MsadOverflow.WRAP, searchLanes), GramFilter::new,
                SumBound::new, Msad4Gather::new, QuadFilter::new);
    }

    /**
     * The Java shaders for a scan with the given prefilter. Behind the anchors the search shader's Dispatches
     * are a tile's few later passes, too little work to repay the vector form's start (its first calls in a
     * JVM run the vector API interpreted, hundreds of times slower), so they take the superword loops; a scan
     * without a prefilter scores whole tiles and takes the JVM's form. Either gives the same sums.
     */
    public static ScanShaders java(Prefilter prefilter) {
        return java(prefilter == Prefilter.NONE ? LaneLoops.active() : LaneLoops.SUPERWORD);
    }

    /** The shipped assembly of each shader, run by the interpreter. */
    public static ScanShaders assembly() {
        return new ScanShaders(() -> ShaderCatalog.assembly(Msad4Search.NAME),
                () -> ShaderCatalog.assembly(GramFilter.NAME), () -> ShaderCatalog.assembly(SumBound.NAME),
                () -> ShaderCatalog.assembly(Msad4Gather.NAME), () -> ShaderCatalog.assembly(QuadFilter.NAME));
    }

    /** The given search shader with the Java filter shaders. */
    public static ScanShaders withSearch(Supplier<? extends ComputeShader> search) {
        return new ScanShaders(search, GramFilter::new, SumBound::new, Msad4Gather::new, QuadFilter::new);
    }
}
