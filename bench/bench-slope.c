/* bench-slope.c - what libkcrypt's operations cost.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage:  bench/bench-slope [options] [group|row-prefix ...]
 *
 *   Without arguments every group runs.  An argument names a group ("md")
 *   or a prefix of row paths ("md/sha512", "dist/memcmp"); only the rows
 *   whose path starts with one of the arguments are measured.
 *
 * Groups and rows (a row path is group/name/op, or group/op/name where the
 * group says so; see --help for the full list):
 *   kem      kem/sntrup761/<op>          KEM operations, microseconds
 *   ecc      ecc/secp256k1/<op>          ECC operations, microseconds
 *   ed25519  ed25519/ed25519/<op>        Ed25519, microseconds
 *   md       md/<algo>/<size>            SHA-256, SHA-512 per byte of one
 *                                        kc_md_hash_buffer call
 *   mpi      mpi/<bits>/<op>             the kc_mpi_* layer
 *   fields   fields/<field>/<op>         Montgomery arithmetic per named
 *                                        modulus, Daira on Tweedle, the
 *                                        5x52 secp256k1 field; independent
 *                                        operations: throughput
 *   chained  chained/<op>/<tag>          64-deep dependent chains of field
 *                                        ops, per op: latency
 *   curves   curves/secp256k1/<kernel>   secp256k1 group (double, adds,
 *                                        k*G, a*P + b*G), batch inverse,
 *                                        field/scalar kernels
 *   dist     dist/<op>/<distribution>    constant-time vs early-exit
 *                                        256-bit compares, per input kind
 *   rng      rng/<source>/<size>         kc_randomize beside the system
 *                                        RNG per call; ChaCha20 kernels
 *   A group not built in this version prints one line saying so.
 *
 * Options:
 *   --repetitions N   timings per batch size; the median is kept
 *   --quick           fewer, shorter batches: all groups in under 20 s
 *   --cpu-mhz auto    print cycles; the clock is estimated by timing a
 *                     chain of dependent additions (one cycle each) as one
 *                     more case interleaved with every row, so it sees the
 *                     same frequency and machine load as the row.
 *   --cpu-mhz N       print cycles for a clock of N MHz.
 *                     Without --cpu-mhz the cycles column shows "-".
 *   --csv             CSV instead of the table
 *
 * Every figure is a slope (see bench/bench.h): batches of n0, 2*n0, ...,
 * S*n0 iterations are timed R times each, interleaved; the median at each
 * size goes into a least-squares line of time against iterations, whose
 * slope is the reported cost, free of fixed overhead.  Each group checks
 * its own results before it times anything and stops the run with
 * "self-check failed" if one is wrong.
 *
 * CSV columns (a header line comes first):
 *   group          first part of the row path (md, dist, fields, ...)
 *   name           the row's subject: algorithm or curve (md, kem, ecc,
 *                  curves), operand bits (mpi), field (fields), tag
 *                  (chained), input distribution (dist)
 *   op             the operation or size (md: bytes per call)
 *   unit           what one "op" is: "op", or "byte" for per-byte rows
 *   ns_per_op      nanoseconds per unit (always ns, also for KEM/ECC rows
 *                  that the table shows in microseconds)
 *   cycles_per_op  cycles per unit, or "-" when the clock is unknown
 *
 * Adding a group: write bench/bench-<group>.c defining
 * "const struct bench_group bench_group_<group>" (see bench.h and
 * bench-md.c), list it in bench_slope_SOURCES (bench/Makefile.am), declare
 * it in bench.h (the groups of the specification are declared there
 * already) and replace its placeholder in groups[] by &bench_group_<group>.
 * Files: bench-kem.c, bench-ecc.c, bench-ed25519.c, bench-md.c, bench-mpi.c, bench-fields.c
 * (fields and chained), bench-curves.c (curves, and the 5x52 rows of
 * fields and chained), bench-dist.c, bench-rng.c, bench-x25519.c.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* The table of groups, in run order.  A group not built in this version
 * is a placeholder: same name and row pattern, no run function.  To add
 * a group, replace its placeholder by a pointer to the group's struct. */
static const struct
{
  const struct bench_group *g;
  int public_api;               /* in the default run */
} groups[] = {
  { &bench_group_kem, 1 },
  { &bench_group_x25519, 1 },
  { &bench_group_ecc, 1 },
  { &bench_group_ed25519, 1 },
  { &bench_group_md, 1 },
  { &bench_group_mpi, 1 },
  { &bench_group_fields, 0 },
  { &bench_group_chained, 0 },
  { &bench_group_curves, 0 },
  { &bench_group_dist, 0 },
  { &bench_group_rng, 1 },
  { &bench_group_placement, 0 },
};

static void
usage (FILE *f)
{
  size_t i;

  fprintf (f,
           "usage: %s [options] [group|row-prefix ...]\n"
           "Time libkcrypt's operations: each figure is the slope of a\n"
           "least-squares line through timed batches of several sizes.\n"
           "No argument: the groups of the public API (marked *); --all:\n"
           "every group, the internal kernels too; \"md/sha512\" selects\n"
           "rows by path prefix (a selection that matches no row is an\n"
           "error).  Rows are throughput (independent calls back to back)\n"
           "except the chained group and the rows marked chained, which\n"
           "are latency (each operation waits for the one before).\n"
           "\ngroups and rows:\n", bench_cfg.progname);
  for (i = 0; i < sizeof groups / sizeof groups[0]; i++)
    fprintf (f, "%c %-8s %s%s\n           %s\n",
             groups[i].public_api ? '*' : ' ', groups[i].g->name,
             groups[i].g->summary,
             groups[i].g->run ? "" : " (not built in this version)",
             groups[i].g->rows_help);
  fprintf (f, "\noptions:\n%s  --help           this text\n"
           "\ncolumns: row path, time per op (ns/op, us/op for KEM and ECC,\n"
           "ns/B for per-byte rows), cycles per op (\"-\" without --cpu-mhz).\n"
           "Per-operation times are shown in ns, us, ms or s, whichever\n"
           "keeps the figure below 10000.\n"
           "CSV columns: group,name,op,unit,ns_per_op,cycles_per_op,r2,noisy\n"
           "  group = first part of the path; name = subject (algorithm,\n"
           "  field, chained tag, input distribution); op = operation or size;\n"
           "  unit = op|byte; ns_per_op always in ns, per unit;\n"
           "  cycles_per_op, or \"-\" without --cpu-mhz; r2 of the fit and\n"
           "  noisy = 1 when it is below the threshold the table flags.\n"
           "  --all            every group, not only the public API's\n",
           bench_options_help);
}

static const struct bench_group *
find_group (const char *arg)
{
  size_t i, n = strcspn (arg, "/");

  for (i = 0; i < sizeof groups / sizeof groups[0]; i++)
    if (strlen (groups[i].g->name) == n
        && !strncmp (groups[i].g->name, arg, n))
      return groups[i].g;
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned char selected[sizeof groups / sizeof groups[0]] = { 0 };
  int i, any = 0, all = 0;
  size_t g;
  uint64_t t0;

  bench_cfg.progname = "bench-slope";
  for (i = 1; i < argc; i++)
    {
      const struct bench_group *grp;

      if (!strcmp (argv[i], "--help") || !strcmp (argv[i], "-h"))
        {
          usage (stdout);
          return 0;
        }
      if (!strcmp (argv[i], "--all"))
        {
          all = 1;
          continue;
        }
      if (bench_parse_option (argc, argv, &i))
        continue;
      if (argv[i][0] == '-')
        {
          fprintf (stderr, "%s: unknown option '%s'\n", bench_cfg.progname,
                   argv[i]);
          usage (stderr);
          return 2;
        }
      grp = find_group (argv[i]);
      if (!grp)
        {
          fprintf (stderr, "%s: unknown group '%s' (see --help)\n",
                   bench_cfg.progname, argv[i]);
          return 2;
        }
      for (g = 0; g < sizeof groups / sizeof groups[0]; g++)
        if (groups[g].g == grp)
          selected[g] = 1;
      bench_select_add (argv[i]);
      any = 1;
    }

  t0 = bench_now_ns ();
  bench_setup ();
  if (bench_cfg.csv)
    printf ("group,name,op,unit,ns_per_op,cycles_per_op,r2,noisy\n");
  else
    printf ("# bench-slope: %u repetitions, %u batch sizes%s%s\n",
            bench_cfg.repetitions, bench_cfg.steps,
            bench_cfg.quick ? ", quick" : "",
            bench_cfg.cpu_mhz > 0 ? "" : "; cycles need --cpu-mhz");

  for (g = 0; g < sizeof groups / sizeof groups[0]; g++)
    {
      const struct bench_group *grp = groups[g].g;
      if (any ? !selected[g] : !(all || groups[g].public_api))
        continue;
      if (!grp->run)
        {
          /* Keep the CSV clean: the note goes to stderr there. */
          fprintf (bench_cfg.csv ? stderr : stdout,
                   "%s%s: not built in this version\n",
                   bench_cfg.csv ? "" : "\n", grp->name);
          continue;
        }
      grp->run (grp);
    }
  if (any && !bench_rows_reported ())
    {
      fprintf (stderr, "%s: no row matches the selection (see --help)\n",
               bench_cfg.progname);
      return 2;
    }

  if (!bench_cfg.csv)
    printf ("\n# total %.1f s\n", (double) (bench_now_ns () - t0) / 1e9);
  return 0;
}
