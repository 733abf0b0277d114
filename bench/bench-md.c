/* bench-md.c - bench-slope group "md": SHA-256 and SHA-512 per byte.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows md/<algo>/<size>: one kc_md_hash_buffer call on SIZE bytes (64,
 * 1024, 8192), reported per byte (padding and finalisation included, as a
 * caller pays them).  Self-check: the FIPS 180-4 digests of "abc". */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"

struct md_ctx
{
  int algo;
  size_t dlen, len;
  const unsigned char *data;
};

static void
md_body (void *vctx, uint64_t iters)
{
  const struct md_ctx *c = vctx;
  unsigned char d[64];

  while (iters--)
    {
      /* The buffer is reread each time; the digest is consumed. */
      kc_md_hash_buffer (c->algo, d, c->dlen, bench_hide_ptr (c->data), c->len);
      bench_consume_u64 (d[0]);
    }
}

static const struct
{
  const char *name;
  int algo;
  size_t dlen;
  const char *abc;              /* digest of "abc" */
} md_algos[] = {
  { "sha256", KC_MD_SHA256, 32,
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
  { "sha512", KC_MD_SHA512, 64,
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
  { "sha384", KC_MD_SHA384, 48,
    "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
    "8086072ba1e7cc2358baeca134c825a7" },
  { "sha3-256", KC_MD_SHA3_256, 32,
    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
  { "sha3-512", KC_MD_SHA3_512, 64,
    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
    "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
  { "shake128", KC_MD_SHAKE128, 32,
    "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8" },
  { "shake256", KC_MD_SHAKE256, 64,
    "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
    "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" },
};

static const size_t md_sizes[] = { 64, 1024, 8192 };

static void
md_run (const struct bench_group *g)
{
  static unsigned char buf[8192];
  unsigned char d[64];
  size_t a, s, i;

  for (a = 0; a < KC_DIM (md_algos); a++)
    {
      gpg_error_t err = kc_md_hash_buffer (md_algos[a].algo, d,
                                           md_algos[a].dlen, "abc", 3);
      bench_check (g->name, !err, "%s: kc_md_hash_buffer: %s",
                   md_algos[a].name, gpg_strerror (err));
      bench_check_hex (g->name, md_algos[a].name, d, md_algos[a].dlen,
                       md_algos[a].abc);
    }

  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 131 + 7);

  bench_group_begin (g);
  for (a = 0; a < KC_DIM (md_algos); a++)
    for (s = 0; s < KC_DIM (md_sizes); s++)
      {
        struct md_ctx c;
        char op[16];

        c.algo = md_algos[a].algo;
        c.dlen = md_algos[a].dlen;
        c.len = md_sizes[s];
        c.data = buf;
        snprintf (op, sizeof op, "%zu", md_sizes[s]);
        bench_row (g, md_algos[a].name, op, BENCH_NS_PER_BYTE,
                   (double) md_sizes[s], md_body, &c);
      }
}

const struct bench_group bench_group_md = {
  "md", "SHA-2 through kc_md_hash_buffer, per byte of one call",
  "md/{sha256,sha384,sha512,sha3-256,sha3-512,shake128,shake256}/{64,1024,8192}", 0, md_run
};
