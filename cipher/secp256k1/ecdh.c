/* secp256k1/ecdh.c - ECDH on secp256k1 with libsecp256k1's default hash.  Contract in
 * secp256k1/ecdh.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecdh.h"
#include "secp256k1/ecmult.h"
#include "hash/sha256.h"

void
_kc_ecdh (unsigned char out[32], int raw_x, const _kc_secp256k1_scalar *seckey,
          const _kc_secp256k1_ge *pub)
{
  _kc_secp256k1_gej sj;
  _kc_secp256k1_ge s;
  unsigned char enc[33];

  /* seckey in [1, n-1] and P of prime order n: S is finite. */
  _kc_secp256k1_ecmult_const (&sj, pub, seckey);
  _kc_secp256k1_ge_set_gej (&s, &sj);
  enc[0] = (unsigned char) (0x02 | _kc_secp256k1_fe_is_odd (&s.y));
  _kc_secp256k1_fe_get_b32 (enc + 1, &s.x);
  if (raw_x)
    memcpy (out, enc + 1, 32);
  else
    _kc_sha256 (out, enc, sizeof enc);
  wipememory (&sj, sizeof sj);
  wipememory (&s, sizeof s);
  wipememory (enc, sizeof enc);
}
