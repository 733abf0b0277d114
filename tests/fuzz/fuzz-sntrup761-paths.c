/* fuzz-sntrup761-paths.c - the dispatched (vectorised, on a CPU that has
 * AVX2) sntrup761 against the portable reference, on arbitrary inputs.
 * Input: a mode byte, then the bytes the mode reads (zero-padded when
 * short); the RNG, where one is needed, is a stream derived from the
 * input (the same for both paths).  By the mode byte:
 *   2           key generation, and a batch of two keys (about 0.5 s
 *               under the sanitizers, so only this one byte value)
 *   other even  decapsulation of an arbitrary secret key and ciphertext
 *   odd         encapsulation to an arbitrary public key (its
 *               coefficients may be out of range: the decoding of such
 *               bytes must agree too)
 * Property: both paths give the same bytes (ciphertext, session key, key
 * pair); any difference aborts.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kcrypt-int.h"
#include "sntrup761/sntrup761.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define PK_LEN KC_SNTRUP761_PK_BYTES
#define SK_LEN KC_SNTRUP761_SK_BYTES
#define CT_LEN KC_SNTRUP761_CT_BYTES

/* The input's bytes, cycled and mixed with a counter: enough entropy-like
 * variety for sorting and invertibility to take both branches. */
struct stream
{
  const uint8_t *d;
  size_t n;
  uint64_t s;
};

static void
stream_rng (void *ctx, void *buf, size_t len)
{
  struct stream *st = ctx;
  unsigned char *p = buf;
  size_t i;
  for (i = 0; i < len; i++)
    {
      st->s = st->s * 6364136223846793005ULL + 1442695040888963407ULL;
      p[i] = (unsigned char) (st->s >> 56) ^ (st->n ? st->d[st->s % st->n] : 0);
    }
}

static void
take (unsigned char *out, size_t len, const uint8_t **data, size_t *size)
{
  size_t k = *size < len ? *size : len;
  memset (out, 0, len);
  memcpy (out, *data, k);
  *data += k;
  *size -= k;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static unsigned char sk[2][2 * SK_LEN], pk[2][2 * PK_LEN];
  static unsigned char ct[2][CT_LEN], ss[2][32];
  unsigned int mode;
  struct stream st;

  if (size < 1)
    return 0;
  mode = data[0] == 2 ? 2 : data[0] & 1;
  data++;
  size--;
  if (mode == 0)
    {
      take (sk[0], SK_LEN, &data, &size);
      take (ct[0], CT_LEN, &data, &size);
      _kc_sntrup761_dec (ss[0], ct[0], sk[0]);
      _kc_sntrup761_dec_portable (ss[1], ct[0], sk[0]);
      if (memcmp (ss[0], ss[1], 32))
        abort ();
    }
  else if (mode == 1)
    {
      take (pk[0], PK_LEN, &data, &size);
      st.d = data, st.n = size, st.s = 1;
      _kc_sntrup761_enc (ct[0], ss[0], pk[0], stream_rng, &st);
      st.d = data, st.n = size, st.s = 1;
      _kc_sntrup761_enc_portable (ct[1], ss[1], pk[0], stream_rng, &st);
      if (memcmp (ct[0], ct[1], CT_LEN) || memcmp (ss[0], ss[1], 32))
        abort ();
    }
  else
    {
      st.d = data, st.n = size, st.s = 2;
      _kc_sntrup761_keypair (pk[0], sk[0], stream_rng, &st);
      st.d = data, st.n = size, st.s = 2;
      _kc_sntrup761_keypair_portable (pk[1], sk[1], stream_rng, &st);
      if (memcmp (pk[0], pk[1], PK_LEN) || memcmp (sk[0], sk[1], SK_LEN))
        abort ();
      st.d = data, st.n = size, st.s = 3;
      _kc_sntrup761_keypair_batch (pk[0], sk[0], 2, stream_rng, &st);
      st.d = data, st.n = size, st.s = 3;
      _kc_sntrup761_keypair_batch_portable (pk[1], sk[1], 2, stream_rng, &st);
      if (memcmp (pk[0], pk[1], 2 * PK_LEN) || memcmp (sk[0], sk[1], 2 * SK_LEN))
        abort ();
    }
  return 0;
}
