package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.ImbrexSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.reflect.ClassTag$;

class MotionTaskTest {
    @TempDir
    Path dir;

    @Test
    void plan_runsOfFrames_coverEveryFrameOnceInOrder() throws IOException {
        Y4mFrameIndex index = index(10, 40, 5 * 16 + 7);

        List<MotionTask> tasks = MotionTask.plan(index, 4);

        assertThat(tasks).extracting(MotionTask::firstFrame).containsExactly(1, 5, 9);
        assertThat(tasks).extracting(MotionTask::frames).containsExactly(4, 4, 1);
        for (MotionTask task : tasks) {
            assertThat(task.lumaOffsets()).containsExactly(index.lumaOffsets(task.firstFrame() - 1,
                    task.firstFrame() + task.frames()));
        }
    }

    @Test
    void plan_fileOfOneFrame_hasNoTask() throws IOException {
        assertThat(MotionTask.plan(index(1, 16, 16), 8)).isEmpty();
    }

    @Test
    void plan_runsOverSeveralFiles_theJavadocsExample() throws IOException {
        Y4mFrameIndex a = index("a", 6, 16, 16);
        Y4mFrameIndex b = index("b", 4, 16, 16);

        List<MotionTask> tasks = MotionTask.plan(List.of(a, b), new int[] {4, 3, 1});

        assertThat(tasks).extracting(MotionTask::path).containsExactly(a.source(), a.source(), b.source(),
                b.source());
        assertThat(tasks).extracting(MotionTask::firstFrame).containsExactly(1, 5, 1, 3);
        assertThat(tasks).extracting(MotionTask::frames).containsExactly(4, 1, 2, 1);
        assertThat(tasks.get(2).lumaOffsets()).containsExactly(b.lumaOffsets(0, 3));
    }

    @Test
    void plan_runsShortOfTheFrames_isRefused() throws IOException {
        Y4mFrameIndex a = index("a", 6, 16, 16);

        assertThatThrownBy(() -> MotionTask.plan(List.of(a), new int[] {2, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("runs of 4 frames, fewer than the files' frames");
    }

    @Test
    void kryo_imbrexRegistrator_roundTripsATask() {
        SparkConf conf = new SparkConf(false);
        ImbrexSession.configure(conf);
        SerializerInstance kryo = new KryoSerializer(conf).newInstance();
        MotionTask task = new MotionTask("hdfs://nn/clips/a.y4m", 1920, 1080, 9, new long[] {52, 3_110_452L, 1L << 40});

        MotionTask back = kryo.deserialize(kryo.serialize(task, ClassTag$.MODULE$.apply(MotionTask.class)),
                ClassTag$.MODULE$.apply(MotionTask.class));

        assertThat(back).usingRecursiveComparison().isEqualTo(task);
        assertThat(back.frames()).isEqualTo(2);
    }

    private Y4mFrameIndex index(int frames, int width, int height) throws IOException {
        return index("clip", frames, width, height);
    }

    private Y4mFrameIndex index(String name, int frames, int width, int height) throws IOException {
        Path clip = TestClips.write(dir.resolve(name + ".y4m"), Y4mColourSpace.C420,
                TestClips.random(new Random(frames), frames, width, height, 9));
        return Y4mFrameIndex.read(FileSystem.getLocal(new Configuration()),
                new org.apache.hadoop.fs.Path(clip.toUri()), warning -> { });
    }
}
