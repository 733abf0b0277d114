/* bench-peers.h - the row-pair interface of bench-peers.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A row pair measures our implementation of one operation and every
 * peer's that is built in, interleaved in one bench_measure (bench.h), and
 * prints ours, theirs and ours/theirs.  Rows are grouped in files by
 * topic (bench-peers-md.c, ...); each file exports one function that runs
 * its rows, listed in the table of bench-peers.c.
 */
#ifndef KC_BENCH_PEERS_H
#define KC_BENCH_PEERS_H

#include <stddef.h>
#include "bench.h"

#define PEERS_MAX_SIDES 4

/* One implementation of a row's operation. */
struct peer_side
{
  const char *who;              /* "ours", "openssl", "libgcrypt", "gmp" */
  bench_body body;
  void *ctx;
};

/* 1 if the row PATH is selected on the command line (prefix match). */
int peers_row_wanted (const char *path);
/* 1 if some row under GROUP (a path prefix such as "kem/sntrup761/") may
 * be selected: a selector is a prefix of GROUP or GROUP of a selector. */
int peers_group_wanted (const char *group);

/* Measure SIDES[0] (ours) and the peers SIDES[1..N-1] interleaved and
 * print one line per peer.  UNITS: units (bytes or 1) per iteration.
 * Nothing is printed if N < 2 (no peer has the operation). */
void peers_compare (const char *path, enum bench_unit unit, double units,
                    const struct peer_side *sides, size_t n);

/* A peer as the output names it: WHO as in struct peer_side, DESC its
 * version and build (the "# peer" lines, the chart's legend). */
struct peer_info
{
  const char *who;
  const char *desc;
};

/* bench-peers --svg FILE (bench-peers-svg.c): peers_compare adds each
 * figure; peers_svg_write draws them all as a bar chart of ratios, with
 * TITLE and SUBTITLE (machine, date) above and PEERS as the legend.
 * Returns 0, or -1 with a message if FILE cannot be written. */
void peers_svg_add (const char *path, const char *who, double ratio,
                    int noisy);
int peers_svg_write (const char *file, const char *title,
                     const char *subtitle, const struct peer_info *peers,
                     size_t npeers);

/* The row files. */
void bench_peers_md (void);           /* bench-peers-md.c  */
void bench_peers_mpi (void);          /* bench-peers-mpi.c */
void bench_peers_ecc (void);          /* bench-peers-ecc.c */
void bench_peers_p256 (void);         /* bench-peers-p256.c */
void bench_peers_mont (void);         /* bench-peers-mont.c */
void bench_peers_kem (void);          /* bench-peers-kem.c */
void bench_peers_x25519 (void);       /* bench-peers-x25519.c */
void bench_peers_ed25519 (void);      /* bench-peers-ed25519.c */
void bench_peers_mlkem (void);        /* bench-peers-mlkem.c */
void bench_peers_kemparts (void);     /* bench-peers-kemparts.c */
#ifdef HAVE_SECP256K1_PEER
void bench_peers_secp_master (void);  /* bench-peers-secp.c */
void bench_peers_secp_master_btc (void);  /* bench-peers-secp.c */
void bench_peers_secp_master_ellswift (void);  /* bench-peers-secp.c */
# ifdef HAVE_SECP256K1_PEER_MUSIG
void bench_peers_secp_master_musig (void);  /* bench-peers-secp.c */
# endif
void bench_peers_secp_master_silentpay (void);  /* bench-peers-secp.c */
#endif
#ifdef HAVE_LIBSECP256K1
void bench_peers_secp_btc (void);     /* bench-peers-ecc.c (system lib) */
#endif

#endif /* KC_BENCH_PEERS_H */
