/* bench.c - timing, slope fit, clock estimate and row output for the bench
 * tools.  The method is described in bench.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>

#include "bench.h"

#define KC_BENCH_MAX_STEPS 64
#define KC_BENCH_MAX_CASES 8
#define MHZ_CHAIN 256           /* dependent additions per clock-chain iteration */

struct bench_cfg bench_cfg = {
  21,                           /* repetitions */
  8,                            /* steps */
  50e3,                         /* base batch: 50 us (short batches are
                                   rarely cut by the scheduler) */
  2e9,                          /* row budget: 2 s */
  0, 0, 0, 0, 0,
  "bench"
};

volatile uint64_t bench_sink;

const char bench_options_help[] =
  "  --repetitions N  timings per batch size, the median is kept (default 21,\n"
  "                   --quick 9)\n"
  "  --quick          fewer and shorter batches (all groups in well under 20 s)\n"
  "  --cpu-mhz auto   show cycles per op; the clock is estimated by timing a\n"
  "                   chain of dependent additions interleaved with each row\n"
  "  --cpu-mhz N      the clock is N MHz\n"
  "  --csv            comma-separated output with a header line (columns\n"
  "                   below)\n"
  "  --fastest        a row's figure is its fastest batch (time per\n"
  "                   iteration), not the slope through the medians: the\n"
  "                   code's speed when nothing else held the core\n";

static unsigned int repetitions_set;
static double median (double *v, unsigned int n);
static double fastest (const double *v, unsigned int n);
static double lsq_slope (const double *x, const double *y, unsigned int n);

int
bench_parse_option (int argc, char **argv, int *i)
{
  const char *a = argv[*i];

  if (!strcmp (a, "--quick"))
    bench_cfg.quick = 1;
  else if (!strcmp (a, "--csv"))
    bench_cfg.csv = 1;
  else if (!strcmp (a, "--fastest"))
    bench_cfg.fastest = 1;
  else if (!strcmp (a, "--repetitions") || !strcmp (a, "--cpu-mhz"))
    {
      const char *v;
      char *end;

      if (*i + 1 >= argc)
        {
          fprintf (stderr, "%s: %s needs an argument\n", bench_cfg.progname, a);
          exit (2);
        }
      v = argv[++*i];
      if (!strcmp (a, "--repetitions"))
        {
          unsigned long n = strtoul (v, &end, 10);
          if (*end || n < 1 || n > 10000)
            {
              fprintf (stderr, "%s: bad --repetitions '%s' (1..10000)\n",
                       bench_cfg.progname, v);
              exit (2);
            }
          repetitions_set = (unsigned int) n;
        }
      else if (!strcmp (v, "auto"))
        bench_cfg.cpu_mhz_auto = 1;
      else
        {
          double mhz = strtod (v, &end);
          if (*end || !(mhz > 0 && mhz < 1e6))
            {
              fprintf (stderr, "%s: bad --cpu-mhz '%s' (auto or MHz)\n",
                       bench_cfg.progname, v);
              exit (2);
            }
          bench_cfg.cpu_mhz = mhz;
          bench_cfg.cpu_mhz_auto = 0;
        }
    }
  else
    return 0;
  return 1;
}

/* The framework checks itself too: the fit and the median on known data,
 * and a clock that moves forward. */
static void
framework_self_check (void)
{
  double x[5] = { 1, 2, 3, 4, 5 }, y[5];
  double odd[5] = { 5, 1, 4, 2, 3 }, even[4] = { 4, 1, 3, 2 };
  uint64_t t0, t1;
  double d;
  int i;

  for (i = 0; i < 5; i++)
    y[i] = 7 + 3 * x[i];
  y[2] += 0.5;                  /* a symmetric bump does not tilt the line */
  y[1] -= 0.25;
  y[3] -= 0.25;
  d = lsq_slope (x, y, 5) - 3;
  if (d > 1e-9 || d < -1e-9)
    bench_fail ("framework", "least-squares slope");
  if (fastest (odd, 5) != 1 || fastest (even + 2, 2) != 2)
    bench_fail ("framework", "fastest");
  if (median (odd, 5) != 3 || median (even, 4) != 2.5)
    bench_fail ("framework", "median");
  t0 = bench_now_ns ();
  do
    t1 = bench_now_ns ();
  while (t1 == t0);
  if (t1 < t0)
    bench_fail ("framework", "clock went backwards");
}

void
bench_setup (void)
{
  framework_self_check ();
  if (bench_cfg.quick)
    {
      bench_cfg.repetitions = 9;
      bench_cfg.steps = 6;
      bench_cfg.batch_ns = 20e3;
      bench_cfg.row_budget_ns = 0.2e9;
    }
  if (repetitions_set)
    bench_cfg.repetitions = repetitions_set;
  if (bench_cfg.cpu_mhz_auto)
    {
      bench_cfg.cpu_mhz = bench_estimate_mhz ();
      if (bench_cfg.cpu_mhz <= 0)
        fprintf (stderr, "%s: --cpu-mhz auto is not supported on this "
                 "architecture; give --cpu-mhz N\n", bench_cfg.progname);
      else
        fprintf (bench_cfg.csv ? stderr : stdout,
                 "# cpu-mhz auto: %.0f MHz (timed dependent additions)\n",
                 bench_cfg.cpu_mhz);
    }
}

/* ---------------------------------------------------------------- timing */

uint64_t
bench_now_ns (void)
{
  struct timespec ts;
#ifdef CLOCK_MONOTONIC_RAW
  clock_gettime (CLOCK_MONOTONIC_RAW, &ts);
#else
  clock_gettime (CLOCK_MONOTONIC, &ts);
#endif
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static double
time_batch (const struct bench_case *c, uint64_t iters)
{
  uint64_t t0 = bench_now_ns ();
  c->body (c->ctx, iters);
  return (double) (bench_now_ns () - t0);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Median of the N values at V (reorders V). */
static double
median (double *v, unsigned int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return n & 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The smallest of the N values at V.  On a shared machine a timing is
 * the code's own time plus whatever the machine took from it (another
 * tenant on the core's other hardware thread, an interrupt), so the
 * fastest of many repetitions estimates the code alone, where the
 * median follows how busy the machine was during the row.  With
 * --fastest a row's figure is the fastest batch's time per iteration
 * (each batch takes at least bench_cfg.batch_ns, so the timer's own
 * cost is a small part of it); a line through the fastest timing of each
 * batch size would tilt with whichever sizes were lucky. */
static double
fastest (const double *v, unsigned int n)
{
  double m = v[0];
  unsigned int i;

  for (i = 1; i < n; i++)
    if (v[i] < m)
      m = v[i];
  return m;
}

/* Least-squares slope of the N points (X[i], Y[i]). */
static double
lsq_slope (const double *x, const double *y, unsigned int n)
{
  double mx = 0, my = 0, sxy = 0, sxx = 0;
  unsigned int i;

  for (i = 0; i < n; i++)
    {
      mx += x[i];
      my += y[i];
    }
  mx /= n;
  my /= n;
  for (i = 0; i < n; i++)
    {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
    }
  return sxx > 0 ? sxy / sxx : 0;
}

/* Coefficient of determination of the least-squares line through the N
 * points: 1 - residual / total sum of squares (1 when Y is constant). */
static double
lsq_r2 (const double *x, const double *y, unsigned int n)
{
  double mx = 0, my = 0, b = lsq_slope (x, y, n), a, ssr = 0, sst = 0;
  unsigned int i;

  for (i = 0; i < n; i++)
    {
      mx += x[i];
      my += y[i];
    }
  mx /= n;
  my /= n;
  a = my - b * mx;
  for (i = 0; i < n; i++)
    {
      double e = y[i] - (a + b * x[i]);
      ssr += e * e;
      sst += (y[i] - my) * (y[i] - my);
    }
  return sst > 0 ? 1 - ssr / sst : 1;
}

/* Smallest power of two n0 such that a batch of n0 iterations of case C
 * takes at least bench_cfg.batch_ns; *T receives the time of that batch. */
static uint64_t
calibrate (const struct bench_case *c, double *t)
{
  uint64_t n0 = 1;

  c->body (c->ctx, 1);          /* warm caches and branch predictors */
  for (;;)
    {
      *t = time_batch (c, n0);
      if (*t >= bench_cfg.batch_ns || n0 >= ((uint64_t) 1 << 40))
        return n0;
      n0 *= 2;
    }
}

void
bench_measure (const struct bench_case *cases, size_t ncases,
               struct bench_result *res)
{
  unsigned int reps = bench_cfg.repetitions, steps = bench_cfg.steps;
  uint64_t n0[KC_BENCH_MAX_CASES];
  double t_n0 = 0, *times, x[KC_BENCH_MAX_STEPS], y[KC_BENCH_MAX_STEPS];
  size_t c;
  unsigned int r, k;

  if (ncases > KC_BENCH_MAX_CASES)
    bench_fail (NULL, "bench_measure: too many cases");
  if (steps < 3)
    steps = 3;
  if (steps > KC_BENCH_MAX_STEPS)
    steps = KC_BENCH_MAX_STEPS;

  /* Each case gets its own base batch n0 (so each batch is long enough
   * for the clock); T_N0 is the time of one base batch of every case. */
  for (c = 0; c < ncases; c++)
    {
      double t;
      n0[c] = calibrate (&cases[c], &t);
      t_n0 += t;
    }

  /* Keep the row within its budget: the whole row runs
   * reps * steps*(steps+1)/2 base batches of every case.  An explicit
   * --repetitions is kept; then only the batch sizes are cut. */
  for (;;)
    {
      double total = (double) reps * steps * (steps + 1) / 2 * t_n0;
      if (total <= bench_cfg.row_budget_ns)
        break;
      if (reps > 3 && !repetitions_set)
        reps = reps * 2 / 3 > 3 ? reps * 2 / 3 : 3;
      else if (steps > 3)
        steps--;
      else
        break;
    }

  times = malloc (sizeof *times * ncases * steps * reps);
  if (!times)
    bench_fail (NULL, "out of memory");

  /* Interleaved: every repetition visits every batch size and every case;
   * odd repetitions visit the cases in reverse order. */
  for (r = 0; r < reps; r++)
    for (k = 0; k < steps; k++)
      for (c = 0; c < ncases; c++)
        {
          size_t cc = (r & 1) ? ncases - 1 - c : c;
          times[(cc * steps + k) * reps + r]
            = time_batch (&cases[cc], n0[cc] * (k + 1));
        }

  for (c = 0; c < ncases; c++)
    {
      double sl, f, best = 0;
      for (k = 0; k < steps; k++)
        {
          x[k] = (double) n0[c] * (k + 1);
          if (bench_cfg.fastest)
            {
              f = fastest (times + (c * steps + k) * reps, reps) / x[k];
              if (!k || f < best)
                best = f;
            }
          y[k] = median (times + (c * steps + k) * reps, reps);
        }
      sl = lsq_slope (x, y, steps);
      res[c].ns_per_iter = bench_cfg.fastest ? best : sl > 0 ? sl : 0;
      res[c].r2 = lsq_r2 (x, y, steps);
    }
  free (times);
}

#if defined(__x86_64__) || defined(__aarch64__)
static void mhz_body (void *ctx, uint64_t iters);
#endif

double
bench_measure_clocked (const struct bench_case *cases, size_t ncases,
                       struct bench_result *res)
{
#if defined(__x86_64__) || defined(__aarch64__)
  struct bench_case all[KC_BENCH_MAX_CASES];
  struct bench_result r[KC_BENCH_MAX_CASES];
  size_t c;

  if (!bench_cfg.cpu_mhz_auto || bench_cfg.cpu_mhz <= 0
      || ncases + 1 > KC_BENCH_MAX_CASES)
    {
      bench_measure (cases, ncases, res);
      return bench_cfg.cpu_mhz;
    }
  for (c = 0; c < ncases; c++)
    all[c] = cases[c];
  all[ncases].body = mhz_body;
  all[ncases].ctx = NULL;
  bench_measure (all, ncases + 1, r);
  for (c = 0; c < ncases; c++)
    res[c] = r[c];
  return r[ncases].ns_per_iter > 0 ? MHZ_CHAIN * 1e3 / r[ncases].ns_per_iter
    : bench_cfg.cpu_mhz;
#else
  bench_measure (cases, ncases, res);
  return bench_cfg.cpu_mhz;
#endif
}

double
bench_slope (bench_body body, void *ctx)
{
  struct bench_case c;
  struct bench_result r;

  c.body = body;
  c.ctx = ctx;
  bench_measure (&c, 1, &r);
  return r.ns_per_iter;
}

/* ---------------------------------------------------------- clock speed */

#define ADD_X4(insn) insn insn insn insn
#define ADD_X16(insn) ADD_X4 (ADD_X4 (insn))
#define ADD_X256(insn) ADD_X16 (ADD_X16 (insn))

#if defined(__x86_64__) || defined(__aarch64__)
static void
mhz_body (void *ctx, uint64_t iters)
{
  uint64_t x = 0, one = (uint64_t) (uintptr_t) ctx | 1;

  while (iters--)
    {
      /* 256 additions, each depending on the previous: one cycle each.
       * The loop control runs beside them on other ports. */
# if defined(__x86_64__)
      __asm__ volatile (ADD_X256 ("addq %1, %0\n\t") : "+r" (x) : "r" (one));
# else
      __asm__ volatile (ADD_X256 ("add %0, %0, %1\n\t") : "+r" (x) : "r" (one));
# endif
    }
  bench_consume_u64 (x);
}

double
bench_estimate_mhz (void)
{
  double ns[3];
  int i;

  /* Median of three, after the first has woken the core up. */
  for (i = 0; i < 3; i++)
    ns[i] = bench_slope (mhz_body, NULL);
  ns[0] = median (ns, 3);
  return ns[0] > 0 ? MHZ_CHAIN * 1e3 / ns[0] : 0;
}
#else
double
bench_estimate_mhz (void)
{
  return 0;
}
#endif

/* ------------------------------------------------------------- sinks */

void
bench_consume (const void *p, size_t n)
{
  const unsigned char *b = p;
  uint64_t w = 0;

  if (!n)
    return;
  memcpy (&w, b, n < 8 ? n : 8);
  bench_sink += w + b[n / 2] + b[n - 1];
}

/* --------------------------------------------------- groups and rows */

#define MAX_SELECT 64
static const char *selectors[MAX_SELECT];
static unsigned int nselectors;

void
bench_select_add (const char *prefix)
{
  if (nselectors == MAX_SELECT)
    bench_fail (NULL, "too many row selectors");
  selectors[nselectors++] = prefix;
}

static void
row_path (char *buf, size_t len, const struct bench_group *g,
          const char *name, const char *op)
{
  if (g->path_op_first)
    snprintf (buf, len, "%s/%s/%s", g->name, op, name);
  else
    snprintf (buf, len, "%s/%s/%s", g->name, name, op);
}

int
bench_row_wanted (const struct bench_group *g, const char *name,
                  const char *op)
{
  char path[256];
  unsigned int i;

  if (!nselectors)
    return 1;
  row_path (path, sizeof path, g, name, op);
  for (i = 0; i < nselectors; i++)
    if (!strncmp (path, selectors[i], strlen (selectors[i])))
      return 1;
  return 0;
}

#define PATH_WIDTH 40

const char *
bench_fmt (char *buf, size_t len, double v)
{
  int dec = v < 10 ? 3 : v < 100 ? 2 : v < 1000 ? 1 : 0;
  snprintf (buf, len, "%.*f", dec, v);
  return buf;
}

const char *
bench_fmt_csv (char *buf, size_t len, double v)
{
  if (v > 0)
    snprintf (buf, len, "%.3f", v);
  else
    snprintf (buf, len, "-");
  return buf;
}

void
bench_group_begin (const struct bench_group *g)
{
  if (bench_cfg.csv)
    return;
  printf ("\n%s: %s\n", g->name, g->summary);
  printf ("  %-*s %12s %-6s %12s\n", PATH_WIDTH, "row", "time", "",
          "cycles");
  fflush (stdout);
}

static unsigned int rows_reported;

unsigned int
bench_rows_reported (void)
{
  return rows_reported;
}

void
bench_fast_rng (void *ctx, void *buf, size_t n)
{
  unsigned char *p = buf;
  uint64_t *state = ctx;
  while (n)
    {
      uint64_t v = bench_rand64 (state);
      size_t k = n < 8 ? n : 8;
      memcpy (p, &v, k);
      p += k;
      n -= k;
    }
}

void
bench_count_row (void)
{
  rows_reported++;
}

void
bench_report (const struct bench_group *g, const char *name, const char *op,
              enum bench_unit unit, const struct bench_result *res,
              double units_per_iter)
{
  double ns = res->ns_per_iter / units_per_iter;
  double cyc = ns * bench_cfg.cpu_mhz / 1e3;
  char cycbuf[32];

  rows_reported++;
  if (bench_cfg.csv)
    {
      char nsbuf[32];
      /* without a clock, or a fit (ns 0), the cycles are "-" too */
      bench_fmt_csv (cycbuf, sizeof cycbuf, bench_cfg.cpu_mhz > 0 ? cyc : 0);
      printf ("%s,%s,%s,%s,%s,%s,%.4f,%d\n", g->name, name, op,
              unit == BENCH_NS_PER_BYTE ? "byte" : "op",
              bench_fmt_csv (nsbuf, sizeof nsbuf, ns), cycbuf,
              res->r2, res->r2 < BENCH_R2_NOISY);
    }
  else
    {
      char path[256];
      /* per-byte rows in ns/B; per-operation rows in the unit that keeps
       * the figure below 10000 (ns, us, ms, s); US_PER_OP rows never go
       * below us, so a table of KEM or ECC rows reads in one unit */
      const char *label = "ns/B";
      double shown = ns;
      if (unit != BENCH_NS_PER_BYTE)
        {
          static const char *const labels[] = { "ns/op", "us/op", "ms/op",
                                                "s/op" };
          int k = unit == BENCH_US_PER_OP ? 1 : 0;
          shown = k ? ns / 1e3 : ns;
          while (k < 3 && shown >= 1e4)
            {
              shown /= 1e3;
              k++;
            }
          label = labels[k];
        }

      char timebuf[32];

      if (bench_cfg.cpu_mhz > 0)
        bench_fmt (cycbuf, sizeof cycbuf, cyc);
      else
        strcpy (cycbuf, "-");
      row_path (path, sizeof path, g, name, op);
      if (ns <= 0)
        {
          printf ("  %-*s  no figure: the slope fit failed (r2=%.3f)\n",
                  PATH_WIDTH, path, res->r2);
          fflush (stdout);
          return;
        }
      bench_fmt (timebuf, sizeof timebuf, shown);
      printf ("  %-*s %12s %-6s %12s%s", PATH_WIDTH, path, timebuf, label,
              cycbuf, bench_cfg.cpu_mhz <= 0 ? ""
              : unit == BENCH_NS_PER_BYTE ? " c/B" : " c/op");
      if (res->r2 < BENCH_R2_NOISY)
        printf ("  noisy, r2=%.3f", res->r2);
      putchar ('\n');
    }
  fflush (stdout);
}

void
bench_rows (const struct bench_group *g, const struct bench_row_def *rows,
            size_t nrows)
{
  struct bench_case cases[KC_BENCH_MAX_CASES];
  const struct bench_row_def *wanted[KC_BENCH_MAX_CASES];
  struct bench_result res[KC_BENCH_MAX_CASES];
  double mhz, saved = bench_cfg.cpu_mhz;
  size_t i, n = 0;

  /* One case is kept for the clock chain of bench_measure_clocked. */
  if (nrows > KC_BENCH_MAX_CASES - 1)
    bench_fail (g->name, "bench_rows: more than %d rows in one set",
                KC_BENCH_MAX_CASES - 1);
  for (i = 0; i < nrows; i++)
    if (bench_row_wanted (g, rows[i].name, rows[i].op))
      {
        wanted[n] = &rows[i];
        cases[n].body = rows[i].body;
        cases[n].ctx = rows[i].ctx;
        n++;
      }
  if (!n)
    return;
  mhz = bench_measure_clocked (cases, n, res);
  bench_cfg.cpu_mhz = mhz;
  for (i = 0; i < n; i++)
    bench_report (g, wanted[i]->name, wanted[i]->op, wanted[i]->unit, &res[i],
                  wanted[i]->units_per_iter);
  bench_cfg.cpu_mhz = saved;
}

void
bench_row (const struct bench_group *g, const char *name, const char *op,
           enum bench_unit unit, double units_per_iter,
           bench_body body, void *ctx)
{
  struct bench_row_def r;

  r.name = name;
  r.op = op;
  r.unit = unit;
  r.units_per_iter = units_per_iter;
  r.body = body;
  r.ctx = ctx;
  bench_rows (g, &r, 1);
}

/* -------------------------------------------------------- self-checks */

void
bench_fail (const char *group, const char *fmt, ...)
{
  va_list ap;

  fflush (stdout);
  fprintf (stderr, "%s: %s%sself-check failed: ", bench_cfg.progname,
           group ? group : "", group ? ": " : "");
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (1);
}

static int
hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

void
bench_check_hex (const char *group, const char *what,
                 const unsigned char *got, size_t n, const char *want)
{
  size_t i;

  if (strlen (want) != 2 * n)
    bench_fail (group, "%s: expected value has %zu hex digits, not %zu",
                what, strlen (want), 2 * n);
  for (i = 0; i < n; i++)
    {
      int hi = hexval (want[2 * i]), lo = hexval (want[2 * i + 1]);
      if (hi < 0 || lo < 0 || got[i] != (unsigned) (hi << 4 | lo))
        bench_fail (group, "%s: wrong result (byte %zu)", what, i);
    }
}
