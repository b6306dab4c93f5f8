/*
 * hs-scan: the Hyperscan column of bench/search-bench.sh. Compiles imbrex text signatures
 * (`name = 4D 5A ?? 90`) as Hyperscan patterns (each byte as \xNN, ?? as `.`, HS_FLAG_DOTALL |
 * HS_FLAG_SINGLEMATCH) in block mode and scans every regular file under the given paths with one thread.
 *
 *   hs-scan SIGNATURES PATH...
 *
 * stdout: one "name path" line per (signature, file) pair that matches (SINGLEMATCH: each pattern is reported
 * at most once per file), which is what the bench compares with imbrex and YARA.
 * stderr: "hs-scan: F files, B bytes, P patterns: M pairs in S s (compile C s)", where S is the time to open,
 * map and scan the files (the engine's own time, as imbrex's job time is imbrex's), C the compile time.
 *
 * Build: gcc -O2 -o hs-scan hs-scan.c $(pkg-config --cflags --libs libhs)   (Debian: libhyperscan-dev)
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fcntl.h>
#include <ftw.h>
#include <hs/hs.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char **names, **patterns;
static size_t signature_count, signature_capacity;
static char **files;
static size_t file_count, file_capacity;
static const char *current_path;
static unsigned long long pairs;

static void die(const char *message, const char *detail) {
    fprintf(stderr, "hs-scan: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *grow(void *array, size_t *capacity, size_t count, size_t size) {
    if (count < *capacity) return array;
    *capacity = *capacity ? *capacity * 2 : 64;
    array = realloc(array, *capacity * size);
    if (!array) die("out of memory", NULL);
    return array;
}

static int hex_digit(int c) {
    return isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : -1;
}

/* One "name = hex" line of the text format; blank lines and # comments are skipped. */
static void parse_line(char *line, const char *file, int number) {
    char *hash = strchr(line, '#'), *equals, *name, *end, *p;
    if (hash) *hash = '\0';
    for (name = line; isspace((unsigned char) *name); name++) {}
    if (!*name) return;
    if (!(equals = strchr(name, '='))) die("a line without '='", file);
    for (end = equals; end > name && isspace((unsigned char) end[-1]); end--) {}
    *end = '\0';
    /* Each signature byte becomes at most 4 pattern characters (\xNN). */
    char *pattern = malloc(4 * strlen(equals + 1) + 1), *out = pattern;
    if (!pattern) die("out of memory", NULL);
    for (p = equals + 1; *p;) {
        if (isspace((unsigned char) *p)) { p++; continue; }
        if (p[0] == '?' && p[1] == '?') {
            *out++ = '.';
        } else if (hex_digit((unsigned char) p[0]) >= 0 && p[1] && hex_digit((unsigned char) p[1]) >= 0) {
            out += sprintf(out, "\\x%c%c", p[0], p[1]);
        } else {
            fprintf(stderr, "hs-scan: %s:%d: not a hex byte or ??\n", file, number);
            exit(2);
        }
        p += 2;
    }
    *out = '\0';
    if (out == pattern) die("an empty signature", name);
    names = grow(names, &signature_capacity, signature_count, sizeof *names);
    patterns = realloc(patterns, signature_capacity * sizeof *patterns);
    if (!patterns) die("out of memory", NULL);
    names[signature_count] = strdup(name);
    patterns[signature_count++] = pattern;
}

static void read_signatures(const char *file) {
    FILE *in = fopen(file, "r");
    char *line = NULL;
    size_t capacity = 0;
    int number = 0;
    if (!in) die("cannot read", file);
    while (getline(&line, &capacity, in) >= 0) parse_line(line, file, ++number);
    free(line);
    fclose(in);
    if (!signature_count) die("no signatures in", file);
}

/* Regular files only, symlinks not followed (FTW_PHYS), hidden files included, as imbrex and yara -r -N. */
static int add_file(const char *path, const struct stat *st, int type, struct FTW *ftw) {
    (void) ftw;
    if (type == FTW_F && S_ISREG(st->st_mode)) {
        files = grow(files, &file_capacity, file_count, sizeof *files);
        files[file_count++] = strdup(path);
    }
    return 0;
}

static int on_match(unsigned int id, unsigned long long from, unsigned long long to, unsigned int flags,
        void *context) {
    (void) from; (void) to; (void) flags; (void) context;
    printf("%s %s\n", names[id], current_path);
    pairs++;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: hs-scan SIGNATURES PATH...\n");
        return 2;
    }
    read_signatures(argv[1]);
    unsigned int *flags = malloc(signature_count * sizeof *flags), *ids = malloc(signature_count * sizeof *ids);
    if (!flags || !ids) die("out of memory", NULL);
    for (size_t i = 0; i < signature_count; i++) {
        flags[i] = HS_FLAG_DOTALL | HS_FLAG_SINGLEMATCH;
        ids[i] = (unsigned int) i;
    }
    hs_database_t *database;
    hs_compile_error_t *error;
    double start = now();
    if (hs_compile_multi((const char *const *) patterns, flags, ids, (unsigned int) signature_count,
            HS_MODE_BLOCK, NULL, &database, &error) != HS_SUCCESS) {
        fprintf(stderr, "hs-scan: pattern %d (%s): %s\n", error->expression,
                error->expression >= 0 ? names[error->expression] : "?", error->message);
        return 2;
    }
    double compiled = now();
    hs_scratch_t *scratch = NULL;
    if (hs_alloc_scratch(database, &scratch) != HS_SUCCESS) die("cannot allocate scratch", NULL);

    for (int a = 2; a < argc; a++) {
        if (nftw(argv[a], add_file, 64, FTW_PHYS) != 0) die("cannot walk", argv[a]);
    }
    unsigned long long bytes = 0;
    for (size_t f = 0; f < file_count; f++) {
        int fd = open(files[f], O_RDONLY);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) die("cannot open", files[f]);
        if (st.st_size > 0) {
            if ((unsigned long long) st.st_size > UINT_MAX) die("block mode takes files below 4 GiB", files[f]);
            void *data = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
            if (data == MAP_FAILED) die("cannot map", files[f]);
            current_path = files[f];
            if (hs_scan(database, data, (unsigned int) st.st_size, 0, scratch, on_match, NULL) != HS_SUCCESS) {
                die("scan failed", files[f]);
            }
            munmap(data, st.st_size);
            bytes += st.st_size;
        }
        close(fd);
    }
    double done = now();
    fflush(stdout);
    fprintf(stderr, "hs-scan: %zu files, %llu bytes, %zu patterns: %llu pairs in %.3f s (compile %.3f s)\n",
            file_count, bytes, signature_count, pairs, done - compiled, compiled - start);
    hs_free_scratch(scratch);
    hs_free_database(database);
    return 0;
}
