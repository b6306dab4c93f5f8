package org.imbrex.jobs.spark;

import com.esotericsoftware.kryo.Kryo;
import org.apache.spark.serializer.KryoRegistrator;

/**
 * Registers imbrex's classes with Kryo ({@code spark.kryo.registrationRequired=true}). Kryo 4 cannot
 * serialize Java records by itself, so each record gets a small serializer (see {@link RecordSerializers}).
 *
 * <p>Example: {@code spark.kryo.registrator=org.imbrex.jobs.spark.ImbrexKryoRegistrator}.
 */
public final class ImbrexKryoRegistrator implements KryoRegistrator {
    @Override
    public void registerClasses(Kryo kryo) {
        RecordSerializers.registerAll(kryo);
    }
}
