/* bench-placement.c - bench-slope group "placement": does a kernel's
 * speed depend on where its memory lies?
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows placement/sntrup761/<kernel>/<path>, kernel one of rq_recip3,
 * r3_recip, rq_mult_small, r3_mult, keypair (_kc_sntrup761_keypair with
 * a fixed fast generator, so every call does the same work), path avx512,
 * avx2 or portable (the paths this CPU has; keypair follows the path
 * through _kc_hwf_set_mask).
 *
 * A process cannot choose its physical pages, but it can move its data
 * to other pages and other offsets: each of PLACEMENTS placements k runs
 * the kernel with its stack (where the kernels keep their work state)
 * lowered by k * (4096 + 64) bytes and its inputs and outputs in a buffer
 * at that same distance into a page-aligned arena.  So placement k uses
 * fresh pages (first touched for it) and a different 64-byte offset
 * within the page: the cache sets, the 4 KiB aliasing between stack and
 * operands, and the line and page splits of unaligned accesses all
 * change.  The placements are timed round-robin (every round visits all
 * of them in turn, so a change of machine speed hits them alike), the
 * median of the rounds is kept per placement, and a row prints
 *   best / median / worst placement (microseconds per call) and the
 *   spread (worst - best) / median;
 *   "repeat": the spread of REPEATS placements that are all placement 0,
 *   timed the same way: the noise floor of the run.
 * A kernel whose spread is near its repeat spread does not care where
 * its memory is; one whose spread is far above it does.  This is the
 * within-process half of the process-to-process stability question; the
 * other half is the machine's (two speeds of a shared core: see
 * doc/MEASUREMENTS, bench --fastest and bench/bench-processes.sh).
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <alloca.h>

#include "kcrypt-int.h"
#include "bench.h"
#include "sntrup761/sntrup761.h"
#ifdef KC_USE_X86_64
# include "sntrup761/x86_64/avx2.h"
# include "sntrup761/x86_64/avx2-ntt.h"
# include "sntrup761/x86_64/avx512.h"
# include "sntrup761/x86_64/avx512-ntt.h"
#endif

#define P KC_SNTRUP761_P
#define PLACEMENTS 48
#define REPEATS 16
#define STRIDE (4096 + 64)
#define ROUNDS 15
/* One placement's operands: Rq and small inputs, Rq and small outputs,
 * the key pair. */
struct operands
{
  int16_t f[P], h[P];
  int8_t g[P], a[P], h3[P];
  unsigned char pk[KC_SNTRUP761_PK_BYTES], sk[KC_SNTRUP761_SK_BYTES];
};

enum kernel { K_RQ_RECIP3, K_R3_RECIP, K_RQ_MULT_SMALL, K_R3_MULT, K_KEYPAIR };
enum path { PATH_AVX512, PATH_AVX2, PATH_PORTABLE };

struct job
{
  enum kernel k;
  enum path p;
  struct operands *op;
};

static void
run_once (const struct job *j)
{
  struct operands *o = j->op;
  int rc = 0;

  switch (j->k)
    {
    case K_KEYPAIR:
      {
        uint64_t st = 0x243f6a8885a308d3ULL;
        _kc_sntrup761_keypair (o->pk, o->sk, bench_fast_rng, &st);
        bench_consume (o->pk, 8);
        return;
      }
#ifdef KC_USE_X86_64
    case K_RQ_RECIP3:
      rc = j->p == PATH_AVX512
        ? _kc_sntrup761_rq_recip3_avx512 (o->h, bench_hide_ptr (o->g))
        : _kc_sntrup761_rq_recip3_avx2 (o->h, bench_hide_ptr (o->g));
      break;
    case K_R3_RECIP:
      rc = j->p == PATH_AVX512
        ? _kc_sntrup761_r3_recip_avx512 (o->h3, bench_hide_ptr (o->g))
        : _kc_sntrup761_r3_recip_avx2 (o->h3, bench_hide_ptr (o->g));
      break;
    case K_RQ_MULT_SMALL:
      if (j->p == PATH_AVX512)
        _kc_sntrup761_rq_mult_small_ntt_avx512 (o->h, bench_hide_ptr (o->f), o->g);
      else
        _kc_sntrup761_rq_mult_small_ntt_avx2 (o->h, bench_hide_ptr (o->f), o->g);
      break;
    case K_R3_MULT:
      if (j->p == PATH_AVX512)
        _kc_sntrup761_r3_mult_ntt_avx512 (o->h3, bench_hide_ptr (o->a), o->g);
      else
        _kc_sntrup761_r3_mult_ntt_avx2 (o->h3, bench_hide_ptr (o->a), o->g);
      break;
#else
    default:
      break;
#endif
    }
  bench_consume_u64 ((uint64_t) rc);
  bench_consume (o->h, 2);
  bench_consume (o->h3, 1);
}

/* ITERS calls with the stack SHIFT bytes lower (the volatile store keeps
 * the allocation). */
static KC_NOINLINE void
run_shifted (const struct job *j, size_t shift, uint64_t iters)
{
  volatile unsigned char *pad = alloca (shift + 1);
  pad[0] = 0;
  while (iters--)
    run_once (j);
  pad[shift] = 0;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median over rounds, per placement, in T[placement][round] (sorted
 * in place); returns the medians in MED. */
static void
medians (double t[][ROUNDS], size_t n, double *med)
{
  size_t i;
  for (i = 0; i < n; i++)
    {
      qsort (t[i], ROUNDS, sizeof (double), cmp_double);
      med[i] = t[i][ROUNDS / 2];
    }
}

/* The 10th, 50th and 90th percentiles of the N values at MED (not
 * changed), and the placement of the slowest one in *SLOWEST. */
static void
percentiles (const double *med, size_t n, double *p10, double *p50,
             double *p90, size_t *slowest)
{
  double s[PLACEMENTS + REPEATS];
  size_t i;
  *slowest = 0;
  for (i = 0; i < n; i++)
    {
      s[i] = med[i];
      if (med[i] > med[*slowest])
        *slowest = i;
    }
  qsort (s, n, sizeof (double), cmp_double);
  *p10 = s[n / 10];
  *p50 = s[n / 2];
  *p90 = s[n - 1 - n / 10];
}

static const char *const kernel_names[] = {
  "rq_recip3", "r3_recip", "rq_mult_small", "r3_mult", "keypair"
};
static const char *const path_names[] = { "avx512", "avx2", "portable" };

static void
row (const struct bench_group *g, enum kernel k, enum path p,
     unsigned char *arena)
{
  static double t[PLACEMENTS + REPEATS][ROUNDS];
  double med[PLACEMENTS + REPEATS], p10, p50, p90, r10, r50, r90;
  struct job jobs[PLACEMENTS + REPEATS];
  char name[64];
  uint64_t iters = 1, st = 0x13198a2e03707344ULL;
  size_t i, r, slow, rslow;
  unsigned int mask = ~0u;

  snprintf (name, sizeof name, "%s/%s", kernel_names[k], path_names[p]);
  if (!bench_row_wanted (g, "sntrup761", name))
    return;
  if (p == PATH_AVX2)
    mask = ~(unsigned int) KC_HWF_AVX512;
  else if (p == PATH_PORTABLE)
    mask = 0;
  _kc_hwf_set_mask (mask);
  for (i = 0; i < PLACEMENTS + REPEATS; i++)
    {
      jobs[i].k = k;
      jobs[i].p = p;
      jobs[i].op = (struct operands *) (arena + (i < PLACEMENTS ? i : 0)
                                        * STRIDE);
    }
  /* The same operands at every placement. */
  for (i = 0; i < P; i++)
    {
      jobs[0].op->f[i] = (int16_t) ((int) (bench_rand64 (&st) % KC_SNTRUP761_Q)
                                    - KC_SNTRUP761_Q12);
      jobs[0].op->g[i] = (int8_t) ((int) (bench_rand64 (&st) % 3) - 1);
      jobs[0].op->a[i] = (int8_t) ((int) (bench_rand64 (&st) % 3) - 1);
    }
  for (i = 1; i < PLACEMENTS; i++)
    memcpy (jobs[i].op, jobs[0].op, sizeof *jobs[0].op);
  /* Batches of about 200 microseconds. */
  for (;;)
    {
      uint64_t t0 = bench_now_ns ();
      run_shifted (&jobs[0], 0, iters);
      if (bench_now_ns () - t0 > 200000 || iters > (1u << 20))
        break;
      iters *= 2;
    }
  for (r = 0; r < ROUNDS; r++)
    for (i = 0; i < PLACEMENTS + REPEATS; i++)
      {
        size_t shift = (i < PLACEMENTS ? i : 0) * STRIDE;
        uint64_t t0 = bench_now_ns ();
        run_shifted (&jobs[i], shift, iters);
        t[i][r] = (double) (bench_now_ns () - t0) / 1000.0 / (double) iters;
      }
  _kc_hwf_set_mask (~0u);
  medians (t, PLACEMENTS + REPEATS, med);
  percentiles (med, PLACEMENTS, &p10, &p50, &p90, &slow);
  percentiles (med + PLACEMENTS, REPEATS, &r10, &r50, &r90, &rslow);
  printf ("  placement/sntrup761/%-22s %8.3f %8.3f %8.3f us  %4.1f%%  "
          "%4.1f%%  %2u\n", name, p10, p50, p90,
          100.0 * (p90 - p10) / p50, 100.0 * (r90 - r10) / r50,
          (unsigned int) slow);
  fflush (stdout);
  bench_count_row ();
}

static void
placement_run (const struct bench_group *g)
{
  size_t size = (PLACEMENTS + 1) * STRIDE + sizeof (struct operands);
  unsigned char *arena;
  unsigned int hw = _kc_hwf ();
  int k, p;

  if (bench_cfg.csv)
    {
      /* Its rows are percentiles, not the CSV's slope columns. */
      fprintf (stderr, "placement: text output only (no CSV rows)\n");
      bench_count_row ();
      return;
    }
  printf ("\n%s: %s\n", g->name, g->summary);
  printf ("  %-42s %8s %8s %8s     %6s %6s %s\n", "row (us per call)",
          "p10", "p50", "p90", "spread", "repeat", "slowest");
  if (posix_memalign ((void **) &arena, 4096, size))
    bench_fail ("placement", "no memory for the arena");
  memset (arena, 0, size);
  for (k = 0; k <= K_KEYPAIR; k++)
    for (p = PATH_AVX512; p <= PATH_PORTABLE; p++)
      {
        if (p == PATH_AVX512 && !(hw & KC_HWF_AVX512))
          continue;
        if (p == PATH_AVX2 && !(hw & KC_HWF_AVX2))
          continue;
        /* The kernels exist on the vector paths; the portable path is
         * timed through keypair. */
        if (p == PATH_PORTABLE && k != K_KEYPAIR)
          continue;
#ifndef KC_USE_X86_64
        if (k != K_KEYPAIR || p != PATH_PORTABLE)
          continue;
#endif
        row (g, (enum kernel) k, (enum path) p, arena);
      }
  free (arena);
}

const struct bench_group bench_group_placement = {
  "placement",
  "sntrup761 kernels with their memory on other pages and offsets",
  "placement/sntrup761/{rq_recip3,r3_recip,rq_mult_small,r3_mult,keypair}/"
  "{avx512,avx2,portable}",
  0, placement_run
};
