package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SharedValueTest {
    /** A task's copy of {@code shared}, as Spark's closure serializer makes it. */
    @SuppressWarnings("unchecked")
    private static <T extends java.io.Serializable> SharedValue<T> taskCopy(SharedValue<T> shared)
            throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(shared);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (SharedValue<T>) in.readObject();
        }
    }

    @Test
    void of_travelsWithTheTask() throws Exception {
        ArrayList<String> value = new ArrayList<>(List.of("a", "b"));

        SharedValue<ArrayList<String>> copy = taskCopy(SharedValue.of(value));

        assertThat(copy.get()).isEqualTo(value).isNotSameAs(value);
    }

    @Test
    void local_aTaskInThisJvm_readsTheDriversObject() throws Exception {
        ArrayList<String> value = new ArrayList<>(List.of("a", "b"));
        SharedValue<ArrayList<String>> shared = SharedValue.local(value);

        SharedValue<ArrayList<String>> copy = taskCopy(shared);

        assertThat(copy.get()).isSameAs(value);
        assertThat(shared.get()).isSameAs(value);
    }

    @Test
    void local_carriesAHandleNotTheValue() throws Exception {
        ArrayList<Integer> big = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            big.add(i);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(SharedValue.local(big));
        }

        assertThat(bytes.size()).isLessThan(1_000);
    }

    @Test
    void local_afterTheDriverLetGo_aCopySaysSo() throws Exception {
        ArrayList<String> value = new ArrayList<>(List.of("gone"));
        WeakReference<ArrayList<String>> probe = new WeakReference<>(value);
        SharedValue<ArrayList<String>> copy = taskCopy(SharedValue.local(value));
        value = null;
        for (int i = 0; i < 50 && probe.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(probe.get()).as("the value, collected").isNull();

        assertThatThrownBy(copy::get).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is not held in this JVM");
    }
}
