package org.imbrex.io.motion;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.imbrex.io.video.LumaFrame;

/**
 * Draws a frame's motion vectors over its luma image, dimmed, as a PNG: the picture to look at first.
 *
 * <pre>
 *   ●            a block whose best match did not move (zero vector): a small dot at its centre
 *   ─────▶       a moving block: an arrow from where its content was in frame n−1 (centre + (dx, dy))
 *                to the block's centre in frame n, coloured by length: green (short) → yellow → red (±R)
 * </pre>
 * {@code scale} enlarges the picture (nearest neighbour) so that small frames stay legible; the PNG is
 * {@code scale·W × scale·H}. Example: {@code new MotionRenderer(16, 7, 2).writePng(frame, vectors, out)}
 * writes a 2560×1440 picture for a 720p frame.
 */
public final class MotionRenderer {
    private final int block;
    private final int range;
    private final int scale;

    public MotionRenderer(int block, int range, int scale) {
        if (scale < 1 || scale > 16) {
            throw new IllegalArgumentException("render scale " + scale + " is out of range; use 1..16");
        }
        this.block = block;
        this.range = range;
        this.scale = scale;
    }

    /** A renderer for a plan, scaled up so that frames narrower than 640 pixels come out at least that wide. */
    public static MotionRenderer forPlan(MotionPlan plan, int width) {
        return new MotionRenderer(plan.block(), plan.range(), Math.min(16, Math.max(1, (640 + width - 1) / width)));
    }

    /** A file name for a frame's picture, e.g. {@code clip-frame-000012.png}. */
    public static String fileName(String baseName, int frame) {
        return String.format(Locale.ROOT, "%s-frame-%06d.png", baseName, frame);
    }

    public void writePng(LumaFrame frame, List<MotionVector> vectors, OutputStream out) throws IOException {
        if (!ImageIO.write(render(frame, vectors), "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    /** The picture as an RGB image of {@code scale·W × scale·H}. */
    public BufferedImage render(LumaFrame frame, List<MotionVector> vectors) {
        BufferedImage image = dimmedLuma(frame);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            float cell = (float) block * scale;
            g.setStroke(new BasicStroke(Math.max(1f, cell / 24f), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            for (MotionVector v : vectors) {
                draw(g, v, cell);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    private void draw(Graphics2D g, MotionVector v, float cell) {
        double headX = (v.blockX() + block / 2.0) * scale;
        double headY = (v.blockY() + block / 2.0) * scale;
        if (v.dx() == 0 && v.dy() == 0) {
            double r = Math.max(1.0, cell / 14.0);
            g.setColor(new Color(90, 200, 255, 160));
            g.fill(new Ellipse2D.Double(headX - r, headY - r, 2 * r, 2 * r));
            return;
        }
        double tailX = headX + v.dx() * scale;
        double tailY = headY + v.dy() * scale;
        double length = Math.hypot(tailX - headX, tailY - headY);
        g.setColor(colour(Math.hypot(v.dx(), v.dy())));
        g.draw(new Line2D.Double(tailX, tailY, headX, headY));
        double head = Math.min(length * 0.6, Math.max(4.0, cell * 0.35));
        double halfWidth = head * 0.5;
        double ux = (headX - tailX) / length;
        double uy = (headY - tailY) / length;
        Path2D.Double arrowhead = new Path2D.Double();
        arrowhead.moveTo(headX, headY);
        arrowhead.lineTo(headX - head * ux + halfWidth * uy, headY - head * uy - halfWidth * ux);
        arrowhead.lineTo(headX - head * ux - halfWidth * uy, headY - head * uy + halfWidth * ux);
        arrowhead.closePath();
        g.fill(arrowhead);
    }

    /** Green for the shortest vectors, through yellow, to red for vectors as long as the range. */
    private Color colour(double magnitude) {
        double t = range == 0 ? 1.0 : Math.min(1.0, magnitude / range);
        return Color.getHSBColor((float) (0.33 * (1.0 - t)), 1f, 1f);
    }

    private BufferedImage dimmedLuma(LumaFrame frame) {
        int width = frame.width() * scale;
        int height = frame.height() * scale;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int level = frame.pixel(x / scale, y / scale) * 45 / 100;
                row[x] = level << 16 | level << 8 | level;
            }
            image.setRGB(0, y, width, 1, row, 0, width);
        }
        return image;
    }
}
