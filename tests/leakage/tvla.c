/* SPDX-License-Identifier: MIT */
/* The leakage test: simulated power traces of Cortex-M code, and the fixed-versus-random
 * test (TVLA: Welch's t at every sample) on them.
 *
 * The Unicorn engine emulates the device code (leak_target.cpp, built for the core). For
 * every executed instruction the trace gets two samples, the leakage models of a CMOS
 * register file and bus: the Hamming weight of the values the instruction wrote (the
 * registers it changed, r0-r12 and lr, and the data it stored) and their Hamming
 * distance to what the register or the data bus held before (the transition, which shows
 * two shares meeting in one register). Fixed versus random on the secret: each trace is of
 * the fixed class (the one fixed key) or the random class (a fresh key), drawn at random;
 * nonce, plaintext and masks are fresh in every trace of both classes. (Public inputs
 * fixed in one class would differ between the classes by construction: their loads and
 * the ciphertext "leak" whatever the masking.) The masked objects take each trace's key
 * outside the recorded call (leak_setup), as a device takes its key once; masks come
 * from a TRNG data register the harness answers with fresh words. A first-order leak of
 * the key makes the classes' means differ at some sample. As TVLA prescribes, the traces
 * form two independent sets, and a sample leaks when |t| exceeds 4.5 in both, with the
 * same sign (one set alone, over some 10^5 samples, exceeds 4.5 somewhere by chance).
 *
 *   tvla ELF FUNCTION [--core cortex-m4|cortex-m0] [--traces N] [--seed S]
 *        [--expect leak|pass] [--threshold T] [--classes key|inputs] [--window NAME[,NAME...]]
 *        [--order 2 [--span N] [--within D]]
 *     FUNCTION: leak_unmasked, leak_masked2, leak_masked3, leak_masked2_decrypt, leak_round2,
 *       leak_round3 (leak_target.cpp)
 *     --traces: in all, half in each set (default 10000)
 *     --window: only the instructions of functions whose names contain a NAME
 *     --order 2: the bivariate (second-order) test: instead of each sample, the product
 *       of two samples, each less its mean (the centered product, Schneider and Moradi,
 *       CHES 2015), for every pair of samples of the first N instructions of the window
 *       (default 1000) at most D instructions apart (default 16). A d-share masking leaks
 *       at order d at the latest: two shares of one value combine in such a product. The
 *       means come from the first tenth of the traces, which the test then leaves out.
 *     --expect leak: exit 0 only if some sample leaks (the control: the test can fail)
 *     --expect pass: exit 0 only if no sample leaks
 * It also fails when two traces differ in length (the code must run in constant time,
 * or the samples would not line up). */
#include <elf.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

/* Outside the boards' memory: the stack, the page the calls return to, the TRNG. */
enum { STACK_TOP = 0x3f010000, STACK_SIZE = 0x10000, STOP = 0x3f100000, TRNG = 0x4000f000 };
enum { NREGS = 14 };

static uc_engine *uc;
static int reg_ids[NREGS] = {UC_ARM_REG_R0, UC_ARM_REG_R1, UC_ARM_REG_R2,  UC_ARM_REG_R3,  UC_ARM_REG_R4,
                             UC_ARM_REG_R5, UC_ARM_REG_R6, UC_ARM_REG_R7,  UC_ARM_REG_R8,  UC_ARM_REG_R9,
                             UC_ARM_REG_R10, UC_ARM_REG_R11, UC_ARM_REG_R12, UC_ARM_REG_LR};

/* The trace being recorded: per instruction a weight and a distance. */
static uint32_t regs[NREGS], last_store;
static uint32_t *trace_hw, *trace_hd, *trace_pc;
static size_t trace_len, trace_cap, pending_hw, pending_hd, pending_pc;
static int started, recording;

/* --window: per halfword of the code from window_lo, whether it is in the window (no map:
 * all of it). The samples outside are never tested, so their instructions skip the
 * register reads (with their comparison, a third of the run time under perf), unless
 * the next one is in the window. */
static unsigned char *window_map;
static uint32_t window_lo, window_hi;
static int last_in_window;
static int pc_in_window(uint32_t pc) {
    return !window_map || (pc >= window_lo && pc < window_hi && window_map[(pc - window_lo) / 2]);
}

static uint64_t rng_state;
static uint64_t next_random(void);

/* The TRNG's data register: a fresh random word at every read. */
static uint64_t on_trng(uc_engine *u, uint64_t offset, unsigned size, void *user) {
    (void)u, (void)offset, (void)size, (void)user;
    return (uint32_t)next_random();
}
static void on_trng_write(uc_engine *u, uint64_t offset, unsigned size, uint64_t value, void *user) {
    (void)u, (void)offset, (void)size, (void)value, (void)user;
}

/* The Hamming weight, without the host's popcount instruction (a plain -O2 build calls
 * libgcc's table loop for __builtin_popcount: a tenth of the run time). */
static inline size_t weight(uint32_t x) {
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (size_t)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

static void die(const char *what) {
    fprintf(stderr, "tvla: %s\n", what);
    exit(2);
}

static void check(uc_err e, const char *what) {
    if (e != UC_ERR_OK) {
        fprintf(stderr, "tvla: %s: %s\n", what, uc_strerror(e));
        exit(2);
    }
}

/* The registers the last instruction changed go into its sample, which is then closed
 * (read_registers 0: the sample outside the window gets its stores only). */
static void close_sample(int read_registers) {
    if (read_registers) {
        uint32_t now[NREGS];
        void *ptrs[NREGS];
        for (int i = 0; i < NREGS; ++i) ptrs[i] = &now[i];
        uc_reg_read_batch(uc, reg_ids, ptrs, NREGS);
        for (int i = 0; i < NREGS; ++i)
            if (now[i] != regs[i]) {
                pending_hw += weight(now[i]);
                pending_hd += weight(now[i] ^ regs[i]);
                regs[i] = now[i];
            }
    }
    if (trace_len == trace_cap) {
        trace_cap = trace_cap ? 2 * trace_cap : 4096;
        trace_hw = realloc(trace_hw, trace_cap * sizeof *trace_hw);
        trace_hd = realloc(trace_hd, trace_cap * sizeof *trace_hd);
        trace_pc = realloc(trace_pc, trace_cap * sizeof *trace_pc);
        if (!trace_hw || !trace_hd || !trace_pc) die("out of memory");
    }
    trace_hw[trace_len] = (uint32_t)pending_hw;
    trace_hd[trace_len] = (uint32_t)pending_hd;
    trace_pc[trace_len] = (uint32_t)pending_pc;
    ++trace_len;
    pending_hw = pending_hd = 0;
}

static void on_code(uc_engine *u, uint64_t address, uint32_t size, void *user) {
    (void)u, (void)size, (void)user;
    if (!recording) return;
    const int here = pc_in_window((uint32_t)address);
    /* regs must hold the values before the window's first instruction: read them after
     * the instruction before it too. */
    if (started) close_sample(here || last_in_window);
    started = 1;
    last_in_window = here;
    pending_pc = (size_t)address;
}

static void on_write(uc_engine *u, uc_mem_type type, uint64_t address, int size, int64_t value,
                     void *user) {
    (void)u, (void)type, (void)address, (void)user;
    if (!recording) return;
    uint32_t v = (uint32_t)value;
    if (size < 4) v &= (1u << (8 * size)) - 1;
    pending_hw += weight(v);
    pending_hd += weight(v ^ last_store);
    last_store = v;
}

/* --- the device image --- */
static unsigned char *image;
static size_t image_size;

static void load_elf(const char *path, uint32_t *lo_out, uint32_t *hi_out) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open the ELF file");
    fseek(f, 0, SEEK_END);
    image_size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    image = malloc(image_size);
    if (!image || fread(image, 1, image_size, f) != image_size) die("cannot read the ELF file");
    fclose(f);
    const Elf32_Ehdr *eh = (const Elf32_Ehdr *)image;
    if (image_size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
        eh->e_ident[EI_CLASS] != ELFCLASS32 || eh->e_machine != EM_ARM)
        die("not a 32-bit Arm ELF file");
    uint32_t lo = UINT32_MAX, hi = 0;
    const Elf32_Phdr *ph = (const Elf32_Phdr *)(image + eh->e_phoff);
    for (int i = 0; i < eh->e_phnum; ++i)
        if (ph[i].p_type == PT_LOAD && ph[i].p_memsz) {
            if (ph[i].p_vaddr < lo) lo = ph[i].p_vaddr;
            if (ph[i].p_vaddr + ph[i].p_memsz > hi) hi = ph[i].p_vaddr + ph[i].p_memsz;
        }
    lo &= ~0xfffu;
    hi = (hi + 0xfffu) & ~0xfffu;
    check(uc_mem_map(uc, lo, hi - lo, UC_PROT_ALL), "mapping the image");
    for (int i = 0; i < eh->e_phnum; ++i)
        if (ph[i].p_type == PT_LOAD && ph[i].p_filesz)
            check(uc_mem_write(uc, ph[i].p_vaddr, image + ph[i].p_offset, ph[i].p_filesz),
                  "loading a segment");
    *lo_out = lo;
    *hi_out = hi;
}

/* The first symbol of the ELF file that `match` accepts, or NULL. */
typedef int (*symbol_match)(const Elf32_Sym *sym, const char *name, const void *arg);
static const Elf32_Sym *find_symbol(symbol_match match, const void *arg) {
    const Elf32_Ehdr *eh = (const Elf32_Ehdr *)image;
    const Elf32_Shdr *sh = (const Elf32_Shdr *)(image + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; ++i) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        const Elf32_Sym *sym = (const Elf32_Sym *)(image + sh[i].sh_offset);
        const char *names = (const char *)(image + sh[sh[i].sh_link].sh_offset);
        for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; ++k)
            if (match(&sym[k], names + sym[k].st_name, arg)) return &sym[k];
    }
    return NULL;
}

static int named(const Elf32_Sym *sym, const char *name, const void *arg) {
    (void)sym;
    return !strcmp(name, (const char *)arg);
}

static uint32_t symbol(const char *name) {
    const Elf32_Sym *sym = find_symbol(named, name);
    if (!sym) {
        fprintf(stderr, "tvla: no symbol %s in the ELF file\n", name);
        exit(2);
    }
    return sym->st_value;
}

/* The window: the functions whose names contain one of `parts` (names separated by
 * commas; every match counts). Two passes
 * over the symbols, their range, then the map; the matchers accept none, to see all. */
static int next_name(const char **p, char part[256]) {  /* the list's next, or 0 */
    if (!**p) return 0;
    const size_t n = strcspn(*p, ",");
    if (n == 0 || n >= 256) die("--window: an empty or too long name");
    memcpy(part, *p, n);
    part[n] = 0;
    *p += n + ((*p)[n] == ',');
    return 1;
}
static int in_window_list(const Elf32_Sym *sym, const char *name, const char *parts) {
    if (ELF32_ST_TYPE(sym->st_info) != STT_FUNC || !sym->st_size) return 0;
    char part[256];
    for (const char *p = parts; next_name(&p, part);)
        if (strstr(name, part)) return 1;
    return 0;
}
static int window_range(const Elf32_Sym *sym, const char *name, const void *part) {
    const uint32_t start = sym->st_value & ~1u;
    if (in_window_list(sym, name, part)) {
        if (start < window_lo) window_lo = start;
        if (start + sym->st_size > window_hi) window_hi = start + sym->st_size;
    }
    return 0;
}
static int window_mark(const Elf32_Sym *sym, const char *name, const void *part) {
    const uint32_t start = sym->st_value & ~1u;
    if (in_window_list(sym, name, part))
        memset(window_map + (start - window_lo) / 2, 1, (sym->st_size + 1) / 2);
    return 0;
}
static int window_match(const Elf32_Sym *sym, const char *name, const void *part) {
    return in_window_list(sym, name, part);
}
static void make_window(const char *part) {
    /* Every name must match a function: a misspelt one would shrink the window silently,
     * and with it what the test covers. */
    char one[256];
    for (const char *p = part; next_name(&p, one);)
        if (!find_symbol(window_match, one)) {
            fprintf(stderr, "tvla: --window: no function has a name containing %s\n", one);
            exit(2);
        }
    window_lo = UINT32_MAX, window_hi = 0;
    find_symbol(window_range, part);
    window_map = calloc((window_hi - window_lo + 1) / 2, 1);
    if (!window_map) die("out of memory");
    find_symbol(window_mark, part);
}

/* One call of the device function at fn (Thumb), recorded when record is set. */
static void call(uint32_t fn, int record) {
    uint32_t sp = STACK_TOP, lr = STOP | 1, zero = 0;
    check(uc_reg_write(uc, UC_ARM_REG_SP, &sp), "sp");
    check(uc_reg_write(uc, UC_ARM_REG_LR, &lr), "lr");
    for (int i = 0; i < NREGS - 1; ++i) check(uc_reg_write(uc, reg_ids[i], &zero), "a register");
    for (int i = 0; i < NREGS; ++i) regs[i] = i == NREGS - 1 ? lr : 0;
    trace_len = 0;
    pending_hw = pending_hd = 0;
    last_store = 0;
    started = 0;
    last_in_window = 0;
    recording = record;
    check(uc_emu_start(uc, fn | 1, STOP, 0, 0), "running the device code");
    if (record) close_sample(1);
}

/* --- statistics: per set, class and sample, count, sum and sum of squares --- */
static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static void random_fill(unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i += 8) {
        uint64_t r = next_random();
        memcpy(p + i, &r, n - i < 8 ? n - i : 8);
    }
}

struct stats {
    double *sum[2], *sq[2];
    long n[2];
};

static void add_values(struct stats *st, int cls, const double *v, size_t n) {
    for (size_t s = 0; s < n; ++s) {
        st->sum[cls][s] += v[s];
        st->sq[cls][s] += v[s] * v[s];
    }
    ++st->n[cls];
}

/* The trace's samples: per instruction its Hamming weight, then its distance. */
static void first_order_values(double *v, size_t samples) {
    for (size_t s = 0; s < samples; ++s) {
        v[2 * s] = trace_hw[s];
        v[2 * s + 1] = trace_hd[s];
    }
}

/* --order 2: the pairs of samples (indices into the first-order values) and their means. */
static size_t *pair_a, *pair_b, npairs;
static double *mean;

static void make_pairs(const unsigned char *tested, size_t samples, long span, long within) {
    size_t *pick = malloc(2 * samples * sizeof *pick), n = 0;
    if (!pick) die("out of memory");
    for (size_t k = 0; k < samples && (long)(n / 2) < span; ++k)
        if (tested[k]) pick[n++] = 2 * k, pick[n++] = 2 * k + 1;
    for (int pass = 0; pass < 2; ++pass) {
        npairs = 0;
        for (size_t i = 0; i < n; ++i)
            for (size_t j = i + 1; j < n && (long)(pick[j] / 2 - pick[i] / 2) <= within; ++j) {
                if (pass) pair_a[npairs] = pick[i], pair_b[npairs] = pick[j];
                ++npairs;
            }
        if (!pass) {
            pair_a = malloc(npairs * sizeof *pair_a);
            pair_b = malloc(npairs * sizeof *pair_b);
            if (!pair_a || !pair_b) die("out of memory");
        }
    }
    free(pick);
    mean = calloc(2 * samples, sizeof *mean);
    if (!mean) die("out of memory");
}

/* The centered products of the pairs, from the first-order values v. */
static void second_order_values(double *out, const double *v) {
    for (size_t p = 0; p < npairs; ++p)
        out[p] = (v[pair_a[p]] - mean[pair_a[p]]) * (v[pair_b[p]] - mean[pair_b[p]]);
}

/* Welch's t of sample s (2 * instruction + model). */
static double welch_t(const struct stats *st, size_t s) {
    double m[2], v[2];
    for (int c = 0; c < 2; ++c) {
        m[c] = st->sum[c][s] / (double)st->n[c];
        v[c] = (st->sq[c][s] - (double)st->n[c] * m[c] * m[c]) / (double)(st->n[c] - 1);
        if (v[c] < 0) v[c] = 0;
    }
    const double se = sqrt(v[0] / (double)st->n[0] + v[1] / (double)st->n[1]);
    return se > 0 ? (m[0] - m[1]) / se : (m[0] != m[1] ? copysign(INFINITY, m[0] - m[1]) : 0);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: tvla ELF FUNCTION [--core cortex-m4|cortex-m0] [--traces N] "
                        "[--seed S] [--expect leak|pass] [--threshold T]\n");
        return 2;
    }
    long traces = 10000;
    double threshold = 4.5;
    const char *expect = NULL, *core = "cortex-m4", *classes = "key", *window = NULL;
    long order = 1, span = 1000, within = 16;
    rng_state = 1;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--traces")) traces = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed")) rng_state = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--expect")) expect = argv[i + 1];
        else if (!strcmp(argv[i], "--threshold")) threshold = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--core")) core = argv[i + 1];
        else if (!strcmp(argv[i], "--classes")) classes = argv[i + 1];
        else if (!strcmp(argv[i], "--window")) window = argv[i + 1];
        else if (!strcmp(argv[i], "--order")) order = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--span")) span = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--within")) within = atol(argv[i + 1]);
        else die("unknown option");
    }
    if (traces < 8) die("too few traces");
    if (order != 1 && order != 2) die("--order: 1 or 2");
    if (span < 1 || within < 0) die("--span at least 1, --within at least 0");
    /* --order 2: the first tenth of the traces only estimates the means. */
    const long pilot = order == 2 ? traces / 10 : 0;
    check(uc_open(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS, &uc), "uc_open");
    if (!strcmp(core, "cortex-m4")) check(uc_ctl_set_cpu_model(uc, UC_CPU_ARM_CORTEX_M4), "the core");
    else if (!strcmp(core, "cortex-m0")) check(uc_ctl_set_cpu_model(uc, UC_CPU_ARM_CORTEX_M0), "the core");
    else die("--core: cortex-m4 or cortex-m0");
    uint32_t lo, hi;
    load_elf(argv[1], &lo, &hi);
    if (window) make_window(window);
    check(uc_mem_map(uc, STACK_TOP - STACK_SIZE, STACK_SIZE, UC_PROT_ALL), "mapping the stack");
    check(uc_mem_map(uc, STOP, 0x1000, UC_PROT_ALL), "mapping the stop page");
    check(uc_mmio_map(uc, TRNG, 0x1000, on_trng, NULL, on_trng_write, NULL), "mapping the TRNG");
    /* Installed once (adding and removing them per trace crashed Unicorn 2.0 after some
     * thousands of traces); they record while `recording` is set. */
    uc_hook code, write;
    check(uc_hook_add(uc, &code, UC_HOOK_CODE, (void *)on_code, NULL, 1, 0), "code hook");
    check(uc_hook_add(uc, &write, UC_HOOK_MEM_WRITE, (void *)on_write, NULL, 1, 0), "write hook");
    const uint32_t fn = symbol(argv[2]), setup = symbol("leak_setup");
    const uint32_t key = symbol("leak_key"), nonce = symbol("leak_nonce"), pt = symbol("leak_pt");

    const int vary_inputs = !strcmp(classes, "inputs");
    if (!vary_inputs && strcmp(classes, "key")) die("--classes: key or inputs");
    unsigned char fixed[48];  /* key, nonce, plaintext */
    random_fill(fixed, sizeof fixed);
    size_t samples = 0, nvals = 0;
    double *v1 = NULL, *v2 = NULL;
    struct stats sets[2] = {{{0}, {0}, {0, 0}}, {{0}, {0}, {0, 0}}};
    uint32_t *pcs = NULL;
    unsigned char *tested = NULL;
    size_t in_window = 0;
    for (long t = 0; t < traces; ++t) {
        const int cls = (int)(next_random() & 1);
        unsigned char in[48];
        random_fill(in, sizeof in);
        if (vary_inputs) memcpy(in, fixed, 16);  /* the key fixed in both classes */
        if (cls == 0) memcpy(in, fixed, vary_inputs ? 48 : 16);
        check(uc_mem_write(uc, key, in, 16), "the key");
        check(uc_mem_write(uc, nonce, in + 16, 16), "the nonce");
        check(uc_mem_write(uc, pt, in + 32, 16), "the plaintext");
        call(setup, 0);
        call(fn, 1);
        if (t == 0) {
            samples = trace_len;
            pcs = malloc(samples * sizeof *pcs);
            tested = malloc(samples);
            if (!pcs || !tested) die("out of memory");
            memcpy(pcs, trace_pc, samples * sizeof *pcs);
            for (size_t k = 0; k < samples; ++k) {
                tested[k] = (unsigned char)pc_in_window(pcs[k]);
                in_window += tested[k];
            }
            if (order == 2) make_pairs(tested, samples, span, within);
            nvals = order == 2 ? npairs : 2 * samples;
            v1 = malloc(2 * samples * sizeof *v1);
            v2 = malloc((npairs ? npairs : 1) * sizeof *v2);
            if (!v1 || !v2) die("out of memory");
            for (int k = 0; k < 2; ++k)
                for (int c = 0; c < 2; ++c) {
                    sets[k].sum[c] = calloc(nvals, sizeof(double));
                    sets[k].sq[c] = calloc(nvals, sizeof(double));
                    if (!sets[k].sum[c] || !sets[k].sq[c]) die("out of memory");
                }
        } else if (trace_len != samples) {
            fprintf(stderr, "tvla: trace %ld has %zu instructions, the first had %zu: not constant time\n",
                    t, trace_len, samples);
            return 1;
        }
        first_order_values(v1, samples);
        if (order == 1) {
            add_values(&sets[t % 2], cls, v1, nvals);
        } else if (t < pilot) {
            /* Sums of integers, exact; divided once, so that a sample constant over the
             * traces centers to exactly 0 (a mean summed from rounded terms left a
             * residue that differed between the classes by rounding alone: |t| = inf). */
            for (size_t k = 0; k < 2 * samples; ++k) mean[k] += v1[k];
            if (t == pilot - 1)
                for (size_t k = 0; k < 2 * samples; ++k) mean[k] /= (double)pilot;
        } else {
            second_order_values(v2, v1);
            add_values(&sets[t % 2], cls, v2, nvals);
        }
    }
    for (int k = 0; k < 2; ++k)
        if (sets[k].n[0] < 2 || sets[k].n[1] < 2) die("too few traces in a class");

    /* A sample leaks when both sets put it over the threshold, with the same sign. */
    double worst[2][2] = {{0, 0}, {0, 0}};  /* [set][model] */
    size_t leaks = 0;
    /* The model of a value: 0 weight, 1 distance; a pair counts as distance if either is. */
    for (size_t s = 0; s < nvals; ++s) {
        if (order == 1 && !tested[s / 2]) continue;
        const size_t a = order == 1 ? s : pair_a[s], b = order == 1 ? s : pair_b[s];
        const double ta = welch_t(&sets[0], s), tb = welch_t(&sets[1], s);
        const int model = (int)((a | b) % 2);
        if (fabs(ta) > worst[0][model]) worst[0][model] = fabs(ta);
        if (fabs(tb) > worst[1][model]) worst[1][model] = fabs(tb);
        if (!(fabs(ta) > threshold && fabs(tb) > threshold && (ta > 0) == (tb > 0)) || ++leaks > 10)
            continue;
        if (order == 1)
            printf("  leak: t %.2f and %.2f at instruction %zu (0x%x), Hamming %s\n", ta, tb,
                   a / 2, pcs[a / 2], model ? "distance" : "weight");
        else
            printf("  leak: t %.2f and %.2f at instructions %zu and %zu (0x%x, 0x%x), Hamming %s and %s\n",
                   ta, tb, a / 2, b / 2, pcs[a / 2], pcs[b / 2], a % 2 ? "distance" : "weight",
                   b % 2 ? "distance" : "weight");
    }
    printf("%s on %s, fixed versus random %s: %ld traces in two sets, %zu instructions each",
           argv[2], core, vary_inputs ? "nonce and plaintext" : "key", traces, samples);
    if (window) printf(", %zu of them in functions named *%s*", in_window, window);
    printf("\n");
    if (order == 2)
        printf("  second order: %zu pairs of samples of the first %ld instructions tested, at most "
               "%ld apart; means from %ld traces, the test on the other %ld\n",
               npairs, span, within, pilot, traces - pilot);
    printf("  max |t|: Hamming weight %.2f / %.2f, Hamming distance %.2f / %.2f; "
           "%zu samples over %.1f in both sets\n",
           worst[0][0], worst[1][0], worst[0][1], worst[1][1], leaks, threshold);
    if (expect && !strcmp(expect, "leak")) {
        printf("  %s\n", leaks ? "leaks, as the control must (the test can fail)"
                               : "FAILED: the control shows no leak (the test could not fail)");
        return leaks ? 0 : 1;
    }
    if (expect && !strcmp(expect, "pass")) {
        printf("  %s\n", leaks ? (order == 1 ? "FAILED: first-order leakage" : "FAILED: second-order leakage")
                              : (order == 1 ? "no first-order leakage found" : "no second-order leakage found"));
        return leaks ? 1 : 0;
    }
    return 0;
}
