package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.imbrex.io.video.LumaFrame;
import org.junit.jupiter.api.Test;

class MotionRendererTest {
    private static final int WIDTH = 67;
    private static final int HEIGHT = 45;

    @Test
    void writePng_oddSizedFrame_isAValidPngOfTheScaledSize() throws IOException {
        LumaFrame frame = grey(200);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new MotionRenderer(16, 7, 3).writePng(frame, List.of(new MotionVector(16, 16, 5, -3, 10)), out);
        byte[] png = out.toByteArray();
        assertThat(png).startsWith(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isEqualTo(3 * WIDTH);
        assertThat(image.getHeight()).isEqualTo(3 * HEIGHT);
    }

    @Test
    void render_background_isTheLumaDimmed() {
        BufferedImage image = new MotionRenderer(16, 7, 1).render(grey(200), List.of());
        assertThat(image.getRGB(60, 40) & 0xFFFFFF).isEqualTo(90 << 16 | 90 << 8 | 90);
    }

    @Test
    void render_movingBlock_drawsAColouredArrowEndingAtTheBlockCentre() {
        MotionVector v = new MotionVector(16, 16, 6, 0, 10);
        BufferedImage image = new MotionRenderer(16, 7, 4).render(grey(100), List.of(v));
        int centreX = (16 + 8) * 4;
        int centreY = (16 + 8) * 4;
        // the shaft runs from the match's centre (24 px to the right) to the tip at the block's centre
        assertThat(isColoured(image.getRGB(centreX + 20, centreY))).isTrue();
        assertThat(isColoured(image.getRGB(centreX + 1, centreY))).isTrue();
        assertThat(isColoured(image.getRGB(centreX + 30, centreY))).isFalse();
        // the arrowhead (14.4 px long, half as wide) is wider than the 2.7 px shaft behind the tip
        assertThat(isColoured(image.getRGB(centreX + 11, centreY + 4))).isTrue();
        assertThat(isColoured(image.getRGB(centreX + 20, centreY + 4))).isFalse();
    }

    @Test
    void render_zeroVector_drawsOnlyADot() {
        BufferedImage image = new MotionRenderer(16, 7, 4).render(grey(100), List.of(new MotionVector(0, 0, 0, 0, 3)));
        assertThat(isColoured(image.getRGB(32, 32))).isTrue();
        assertThat(isColoured(image.getRGB(32 + 12, 32))).isFalse();
    }

    @Test
    void forPlan_smallFrame_isScaledToAtLeast640Wide() {
        assertThat(MotionRenderer.forPlan(MotionPlan.defaults(), WIDTH).render(grey(1), List.of()).getWidth())
                .isGreaterThanOrEqualTo(640);
        assertThat(MotionRenderer.fileName("clip", 12)).isEqualTo("clip-frame-000012.png");
        assertThatThrownBy(() -> new MotionRenderer(16, 7, 0)).hasMessage("render scale 0 is out of range; use 1..16");
    }

    private static boolean isColoured(int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40;
    }

    private static LumaFrame grey(int level) {
        byte[] luma = new byte[WIDTH * HEIGHT];
        java.util.Arrays.fill(luma, (byte) level);
        return new LumaFrame(1, WIDTH, HEIGHT, luma);
    }
}
