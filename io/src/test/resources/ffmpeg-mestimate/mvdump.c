// Dumps vf_mestimate's motion vectors of a video in extract_mvs.c's format (9 columns).
#include <stdio.h>
#include <inttypes.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/motion_vector.h>
#include <libavutil/opt.h>

static int count = 0;
static void dump(AVFrame *f) {
    count++;
    AVFrameSideData *sd = av_frame_get_side_data(f, AV_FRAME_DATA_MOTION_VECTORS);
    if (!sd) return;
    const AVMotionVector *mvs = (const AVMotionVector *) sd->data;
    for (size_t i = 0; i < sd->size / sizeof(*mvs); i++) {
        const AVMotionVector *mv = &mvs[i];
        printf("%d,%2d,%2d,%2d,%4d,%4d,%4d,%4d,0x%" PRIx64 "\n", count, mv->source, mv->w, mv->h,
               mv->src_x, mv->src_y, mv->dst_x, mv->dst_y, mv->flags);
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: mvdump file.y4m B R\n"); return 1; }
    AVFormatContext *fmt = NULL;
    if (avformat_open_input(&fmt, argv[1], NULL, NULL) < 0 || avformat_find_stream_info(fmt, NULL) < 0) return 2;
    const AVCodec *dec = NULL;
    int si = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &dec, 0);
    AVCodecContext *dc = avcodec_alloc_context3(dec);
    avcodec_parameters_to_context(dc, fmt->streams[si]->codecpar);
    if (avcodec_open2(dc, dec, NULL) < 0) return 3;
    AVFilterGraph *g = avfilter_graph_alloc();
    char args[512];
    AVRational tb = fmt->streams[si]->time_base;
    snprintf(args, sizeof args, "video_size=%dx%d:pix_fmt=%d:time_base=%d/%d:pixel_aspect=1/1",
             dc->width, dc->height, dc->pix_fmt, tb.num, tb.den);
    AVFilterContext *src = NULL, *sink = NULL;
    if (avfilter_graph_create_filter(&src, avfilter_get_by_name("buffer"), "in", args, NULL, g) < 0) return 4;
    if (avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", NULL, NULL, g) < 0) return 5;
    AVFilterInOut *outputs = avfilter_inout_alloc(), *inputs = avfilter_inout_alloc();
    outputs->name = av_strdup("in"); outputs->filter_ctx = src; outputs->pad_idx = 0; outputs->next = NULL;
    inputs->name = av_strdup("out"); inputs->filter_ctx = sink; inputs->pad_idx = 0; inputs->next = NULL;
    char desc[256];
    snprintf(desc, sizeof desc, "mestimate=method=esa:mb_size=%s:search_param=%s", argv[2], argv[3]);
    if (avfilter_graph_parse_ptr(g, desc, &inputs, &outputs, NULL) < 0 || avfilter_graph_config(g, NULL) < 0) return 6;
    printf("framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags\n");
    AVPacket *pkt = av_packet_alloc();
    AVFrame *frame = av_frame_alloc(), *filt = av_frame_alloc();
    int eof = 0;
    while (!eof) {
        if (av_read_frame(fmt, pkt) < 0) { eof = 1; avcodec_send_packet(dc, NULL); }
        else if (pkt->stream_index == si) avcodec_send_packet(dc, pkt);
        av_packet_unref(pkt);
        while (avcodec_receive_frame(dc, frame) >= 0) {
            av_buffersrc_add_frame_flags(src, frame, AV_BUFFERSRC_FLAG_KEEP_REF);
            av_frame_unref(frame);
            while (av_buffersink_get_frame(sink, filt) >= 0) { dump(filt); av_frame_unref(filt); }
        }
    }
    av_buffersrc_add_frame(src, NULL);
    while (av_buffersink_get_frame(sink, filt) >= 0) { dump(filt); av_frame_unref(filt); }
    return 0;
}
