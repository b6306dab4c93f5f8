package org.imbrex.kernels.resource;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Chooses and allocates the Arrow vector that stores a typed UAV, so that the vector's data buffer holds
 * the elements exactly as GPU memory would (little-endian, tightly packed).
 *
 * <pre>
 *   R32_UINT            → UInt4Vector                     R8_SNORM     → TinyIntVector
 *   R32G32B32A32_UINT   → FixedSizeList(4) of UInt4       R16_FLOAT    → Float2Vector
 *   R8G8B8A8_UNORM      → FixedSizeList(4) of UInt1       R10G10B10A2  → UInt4Vector (packed word)
 * </pre>
 * UNORM and UINT components use unsigned vectors, SNORM and SINT signed ones, FLOAT {@code Float2/Float4};
 * packed formats store one unsigned word per element. Every element is valid: UAV memory is always defined.
 */
final class UavStorage {
    private UavStorage() {
    }

    /** Allocates a zeroed, all-valid vector of {@code numElements} elements of {@code format}. */
    static FieldVector allocate(DxgiFormat format, int numElements, String name, BufferAllocator allocator) {
        if (format.isPacked() || format.components().size() == 1) {
            BaseFixedWidthVector vector = scalarVector(format, name, allocator);
            vector.allocateNew(Math.max(numElements, 1));
            markValid(vector.getValidityBuffer(), numElements);
            return vector;
        }
        int size = format.components().size();
        FixedSizeListVector list = new FixedSizeListVector(name, allocator,
                FieldType.notNullable(new ArrowType.FixedSizeList(size)), null);
        list.addOrGetVector(FieldType.notNullable(componentType(format.components().get(0))));
        list.setInitialCapacity(Math.max(numElements, 1));
        list.allocateNew();
        markValid(list.getValidityBuffer(), numElements);
        markValid(list.getDataVector().getValidityBuffer(), numElements * size);
        return list;
    }

    /** The buffer that holds the element bytes. */
    static ArrowBuf dataBuffer(FieldVector vector) {
        if (vector instanceof FixedSizeListVector list) {
            return list.getDataVector().getDataBuffer();
        }
        return vector.getDataBuffer();
    }

    private static void markValid(ArrowBuf validity, int count) {
        // every byte of the bits in use set to 0xFF at once (a byte at a time, a task's first UAVs took
        // milliseconds while their loop ran interpreted)
        validity.setOne(0L, (count + 7L) / 8);
    }

    private static BaseFixedWidthVector scalarVector(DxgiFormat format, String name, BufferAllocator allocator) {
        if (format.isPacked()) {
            return format.byteSize() == 2 ? new UInt2Vector(name, allocator) : new UInt4Vector(name, allocator);
        }
        DxgiFormat.Component c = format.components().get(0);
        return switch (c.type()) {
            case UNORM, UINT -> switch (c.bits()) {
                case 8 -> new UInt1Vector(name, allocator);
                case 16 -> new UInt2Vector(name, allocator);
                default -> new UInt4Vector(name, allocator);
            };
            case SNORM, SINT -> switch (c.bits()) {
                case 8 -> new TinyIntVector(name, allocator);
                case 16 -> new SmallIntVector(name, allocator);
                default -> new IntVector(name, allocator);
            };
            case FLOAT -> c.bits() == 16 ? new Float2Vector(name, allocator) : new Float4Vector(name, allocator);
        };
    }

    private static ArrowType componentType(DxgiFormat.Component c) {
        return switch (c.type()) {
            case UNORM, UINT -> new ArrowType.Int(c.bits(), false);
            case SNORM, SINT -> new ArrowType.Int(c.bits(), true);
            case FLOAT -> new ArrowType.FloatingPoint(
                    c.bits() == 16 ? FloatingPointPrecision.HALF : FloatingPointPrecision.SINGLE);
        };
    }
}
