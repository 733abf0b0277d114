/* bench.h - the timing framework shared by bench-slope and bench-peers.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Method.  A row times a "body": a function that performs its operation a
 * given number of times.  The framework first calibrates a base batch n0
 * (iterations that take at least a target time), then times batches of
 * n0, 2*n0, ..., S*n0 iterations, R times each, in interleaved order (every
 * repetition visits every batch size, so slow drift of the clock or of the
 * machine load hits all sizes alike).  It takes the median of the R times at
 * each size and fits a least-squares line  time = a + b * iterations.  The
 * slope b is the cost of one iteration; the intercept a (timer reads, call
 * and loop setup) is discarded.  With --fastest the figure is instead the
 * fastest batch's time per iteration (see fastest () in bench.c).
 *
 * Several bodies can be measured together (bench_measure with NCASES > 1):
 * they are then interleaved at every step (repetition r, batch k: case 0,
 * case 1, ...), which is what bench-peers uses to put our code and a peer's
 * under the same conditions.  Each case has its own n0.
 *
 * Per-row time is bounded: if one iteration is slow (a KEM key generation),
 * the framework lowers R (unless --repetitions was given) and S so that a
 * row stays within its budget (bench_cfg.row_budget_ns), but keeps at
 * least 3 batch sizes and 3 repetitions.
 *
 * Bodies must keep the compiler from deleting their work: fold every result
 * into bench_sink (bench_consume, bench_consume_u64) and pass inputs that
 * the compiler must reload each iteration through bench_hide_ptr.
 *
 * Groups.  bench-slope's groups (md, dist, kem, ...) are each described by a
 * bench_group; a group's run function checks itself (bench_fail on a wrong
 * answer), then measures its rows and reports each with bench_report.
 * A row is named by (group, name, op); its path is group/name/op, or
 * group/op/name for groups with path_op_first, and its CSV line is
 * group,name,op,unit,ns_per_op,cycles_per_op.
 */
#ifndef KC_BENCH_H
#define KC_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* ----- settings (filled by bench_parse_option; defaults in bench.c) ----- */

struct bench_cfg
{
  unsigned int repetitions;     /* R: timings per batch size (median)    */
  unsigned int steps;           /* S: batch sizes n0 .. S*n0             */
  double batch_ns;              /* target time of the base batch n0      */
  double row_budget_ns;         /* soft bound on one row's total time    */
  double cpu_mhz;               /* 0: unknown (cycles column shows "-")  */
  int cpu_mhz_auto;             /* --cpu-mhz auto: re-estimated per row  */
  int quick;                    /* --quick                               */
  int csv;                      /* --csv                                 */
  int fastest;                  /* --fastest: the fastest batch's time   */
                                /* per iteration, not the slope          */
  const char *progname;
};
extern struct bench_cfg bench_cfg;

/* Parse the options common to the bench tools at ARGV[*I] (--repetitions N,
 * --quick, --cpu-mhz auto|N, --csv, --fastest); advances *I past an option's argument.
 * Returns 1 if it was one of them, 0 if not; exits with a message on a bad
 * value. */
int bench_parse_option (int argc, char **argv, int *i);
/* Help text of those options (one per line, indented). */
extern const char bench_options_help[];
/* Apply --quick defaults and --cpu-mhz auto; call once after parsing. */
void bench_setup (void);

/* ----- timing ----- */

/* Monotonic time in nanoseconds (CLOCK_MONOTONIC_RAW where available). */
uint64_t bench_now_ns (void);

/* A body runs its operation ITERS times on CTX. */
typedef void (*bench_body) (void *ctx, uint64_t iters);

struct bench_case
{
  bench_body body;
  void *ctx;
};

/* What bench_measure finds for one case. */
struct bench_result
{
  double ns_per_iter;           /* the slope: ns per iteration, >= 0     */
  double r2;                    /* how well the line fits the medians:
                                   1 = perfectly; a figure below
                                   BENCH_R2_NOISY is flagged as noisy    */
};
#define BENCH_R2_NOISY 0.98

/* Measure NCASES bodies interleaved; RES[i] receives case i's result. */
void bench_measure (const struct bench_case *cases, size_t ncases,
                    struct bench_result *res);
/* One body. */
double bench_slope (bench_body body, void *ctx);

/* As bench_measure, and return the clock in MHz for these figures: with
 * --cpu-mhz auto, a chain of dependent additions (bench_estimate_mhz) is
 * timed as one more case, interleaved with the others, so that the cycle
 * counts see the same clock and the same machine load as the row; with
 * --cpu-mhz N, N; else 0. */
double bench_measure_clocked (const struct bench_case *cases, size_t ncases,
                              struct bench_result *res);

/* Estimate the CPU clock in MHz by timing a chain of dependent additions
 * (one cycle each on current x86-64 and AArch64 cores).  0 if not
 * supported on this architecture. */
double bench_estimate_mhz (void);

/* ----- keeping work alive ----- */

extern volatile uint64_t bench_sink;

static inline void
bench_consume_u64 (uint64_t v)
{
  bench_sink += v;
}

/* Fold N bytes at P into the sink (reads the first, middle and last byte
 * and the word at P, enough to make every store to P live). */
void bench_consume (const void *p, size_t n);

/* Return P unchanged, but the compiler must assume it may be another
 * pointer and that memory was written: loads through it cannot be hoisted
 * out of the caller's loop. */
static inline const void *
bench_hide_ptr (const void *p)
{
#if defined(__GNUC__) || defined(__clang__)
  __asm__ volatile ("" : "+r" (p) : : "memory");
#endif
  return p;
}

/* ----- groups and rows ----- */

enum bench_unit
{
  BENCH_NS_PER_OP,              /* text: ns/op                           */
  BENCH_US_PER_OP,              /* text: us/op (KEM and ECC operations)  */
  BENCH_NS_PER_BYTE             /* text: ns/B; CSV unit "byte"           */
};

struct bench_group
{
  const char *name;             /* "md": first part of every row path    */
  const char *summary;          /* one line for --help                   */
  const char *rows_help;        /* row paths for --help, e.g.
                                   "md/{sha256,sha512}/{64,1024,8192}"   */
  int path_op_first;            /* path is group/op/name                 */
  /* Self-check, then measure and report every wanted row.  NULL: the
   * group is not built in this version. */
  void (*run) (const struct bench_group *g);
};

/* The groups, one file each (bench/bench-<group>.c); bench-slope's table
 * lists those built in this version. */
extern const struct bench_group bench_group_kem;      /* bench-kem.c     */
extern const struct bench_group bench_group_ecc;      /* bench-ecc.c     */
extern const struct bench_group bench_group_ed25519;  /* bench-ed25519.c */
extern const struct bench_group bench_group_md;       /* bench-md.c      */
extern const struct bench_group bench_group_mpi;      /* bench-mpi.c     */
extern const struct bench_group bench_group_fields;   /* bench-fields.c  */
extern const struct bench_group bench_group_chained;  /* bench-fields.c  */
extern const struct bench_group bench_group_curves;   /* bench-curves.c  */
extern const struct bench_group bench_group_dist;     /* bench-dist.c    */
extern const struct bench_group bench_group_rng;      /* bench-rng.c     */
extern const struct bench_group bench_group_x25519;   /* bench-x25519.c  */
extern const struct bench_group bench_group_placement; /* bench-placement.c */

/* RAW_X25519 bodies of bench-x25519.c, shared with bench-peers: CTX is
 * a struct bench_x25519_keys; keypair_seed uses SK, decap SK and CT. */
struct bench_x25519_keys
{
  unsigned char pk[32], sk[32], ct[32];
};
void bench_x25519_keypair (void *ctx, uint64_t iters);
void bench_x25519_keypair_seed (void *ctx, uint64_t iters);
void bench_x25519_decap (void *ctx, uint64_t iters);

/* The 5x52 secp256k1 field rows of "fields" (fields/secp256k1_5x52/<op>)
 * and "chained" (chained/<op>/secp256k1_5x52), in bench-curves.c beside
 * the other secp256k1 kernels; the fields and chained groups call them. */
void bench_fields_5x52 (const struct bench_group *g);
void bench_fields_4x64 (const struct bench_group *g);
void bench_chained_5x52 (const struct bench_group *g);

/* Selection of rows: bench-slope sets it from its arguments.  A row is
 * wanted when its path starts with one of the selectors (a selector
 * "md" takes the whole group, "md/sha512" one algorithm). */
void bench_select_add (const char *prefix);
int bench_row_wanted (const struct bench_group *g, const char *name,
                      const char *op);

/* V with about four significant digits (at least 3 decimals below 10,
 * none from 1000 up) into BUF. */
const char *bench_fmt (char *buf, size_t len, double v);
/* A CSV field: V with three decimals, or "-" if V is not positive (a
 * slope fit that failed leaves a time of 0: no figure). */
const char *bench_fmt_csv (char *buf, size_t len, double v);

/* Print the group header (text mode; nothing in CSV mode). */
void bench_group_begin (const struct bench_group *g);

/* Report one row: RES is what bench_measure found; UNITS_PER_ITER the
 * number of units one iteration does (bytes hashed, or 1).  The table
 * marks a noisy fit (r2 below BENCH_R2_NOISY) with "noisy, r2=..."; the
 * CSV gives r2 and a noisy flag (0/1) as its last two columns. */
void bench_report (const struct bench_group *g, const char *name,
                   const char *op, enum bench_unit unit,
                   const struct bench_result *res, double units_per_iter);

/* How many rows bench_report has printed so far (a selection that
 * matched none is an error of the caller). */
unsigned int bench_rows_reported (void);
/* Count a row a group printed in its own format (bench-placement.c). */
void bench_count_row (void);

/* Measure BODY (bench_measure_clocked) and report it, if the row is
 * wanted. */
void bench_row (const struct bench_group *g, const char *name, const char *op,
                enum bench_unit unit, double units_per_iter,
                bench_body body, void *ctx);

/* A set of rows measured together, interleaved (bench_measure), so that
 * rows meant to be compared with each other (one operation on several
 * input distributions; decapsulation of a valid and of a forged
 * ciphertext) see the same machine conditions.  At most 7 rows. */
struct bench_row_def
{
  const char *name, *op;
  enum bench_unit unit;
  double units_per_iter;
  bench_body body;
  void *ctx;
};
void bench_rows (const struct bench_group *g, const struct bench_row_def *rows,
                 size_t nrows);

/* A self-check failed: print "<prog>: <group>: self-check failed: MSG"
 * and exit 1.  GROUP may be NULL. */
void bench_fail (const char *group, const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 2, 3)));
/* bench_fail unless COND. */
#define bench_check(group, cond, ...) \
  do { if (!(cond)) bench_fail ((group), __VA_ARGS__); } while (0)
/* Compare N bytes at GOT with the hex string WANT; bench_fail on mismatch. */
void bench_check_hex (const char *group, const char *what,
                      const unsigned char *got, size_t n, const char *want);

/* xorshift64*: a fast deterministic generator for benchmark inputs (never
 * for keys).  Each bench file keeps its own STATE, seeded differently. */
static inline uint64_t
bench_rand64 (uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545f4914f6cdd1dULL;
}

/* A _kc_rng_fn over bench_rand64 (CTX: its uint64_t state): the fast
 * deterministic generator the benchmarks hand to internal entry points
 * that take one, so that no system RNG cost enters a figure.  Not for
 * real keys. */
void bench_fast_rng (void *ctx, void *buf, size_t n);

#endif /* KC_BENCH_H */
