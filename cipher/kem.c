/* kem.c - the public KEM dispatcher: algorithm switch, exact length
 * checks, then one call into the algorithm.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy lives here and only here:
 *   - unknown algorithm                          -> GPG_ERR_NOT_SUPPORTED
 *   - NULL buffer or a length other than exact   -> GPG_ERR_INV_ARG
 *   - OPTIONAL given (non-NULL or non-zero
 *     length) for an algorithm that takes none   -> GPG_ERR_INV_VALUE
 * On any error the output buffers hold no secret material: outputs given
 * with the right length are zeroed, others are never written.
 * A well-sized ciphertext never makes decapsulation fail (sntrup761
 * answers a forged one with its implicit-rejection key). */
#include "kcrypt-int.h"
#include "sntrup761.h"

/* Zero BUF if it is a usable output of exactly WANT bytes. */
static void
clear_output (void *buf, size_t len, size_t want)
{
  if (buf && len == want)
    wipememory (buf, len);
}

static KC_NOINLINE gpg_error_t
kem_keypair_body (int algo, void *pubkey, size_t pubkey_len,
                  void *seckey, size_t seckey_len)
{
  gpg_error_t err = 0;

  switch (algo)
    {
    case KC_KEM_SNTRUP761:
      if (!pubkey || pubkey_len != KC_KEM_SNTRUP761_PUBKEY_LEN
          || !seckey || seckey_len != KC_KEM_SNTRUP761_SECKEY_LEN)
        {
          err = KC_ERR (GPG_ERR_INV_ARG);
          break;
        }
      _kc_sntrup761_keypair (pubkey, seckey, _kc_random_system, NULL);
      return 0;

    default:
      return KC_ERR (GPG_ERR_NOT_SUPPORTED);
    }

  clear_output (pubkey, pubkey_len, KC_KEM_SNTRUP761_PUBKEY_LEN);
  clear_output (seckey, seckey_len, KC_KEM_SNTRUP761_SECKEY_LEN);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_kem_keypair (int algo, void *pubkey, size_t pubkey_len,
                void *seckey, size_t seckey_len)
{
  gpg_error_t err = kem_keypair_body (algo, pubkey, pubkey_len, seckey,
                                      seckey_len);
  _kc_burn_stack (KC_STACK_BURN_KEM);
  return err;
}

static KC_NOINLINE gpg_error_t
kem_keypair_batch_body (int algo, void *pubkeys, size_t pubkeys_len,
                        void *seckeys, size_t seckeys_len, size_t count)
{
  switch (algo)
    {
    case KC_KEM_SNTRUP761:
      {
        const size_t pl = KC_KEM_SNTRUP761_PUBKEY_LEN;
        const size_t sl = KC_KEM_SNTRUP761_SECKEY_LEN;
        if (!pubkeys || !seckeys || count == 0
            || count > (size_t) -1 / sl
            || pubkeys_len != count * pl || seckeys_len != count * sl)
          {
            /* Nothing was written: no secret material to clear, and
             * the buffers' extent is not known for sure. */
            return KC_ERR (GPG_ERR_INV_ARG);
          }
        _kc_sntrup761_keypair_batch (pubkeys, seckeys, count,
                                     _kc_random_system, NULL);
        return 0;
      }

    default:
      return KC_ERR (GPG_ERR_NOT_SUPPORTED);
    }
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_kem_keypair_batch (int algo, void *pubkeys, size_t pubkeys_len,
                      void *seckeys, size_t seckeys_len, size_t count)
{
  gpg_error_t err = kem_keypair_batch_body (algo, pubkeys, pubkeys_len,
                                            seckeys, seckeys_len, count);
  _kc_burn_stack (KC_STACK_BURN_KEM_BATCH);
  return err;
}

static KC_NOINLINE gpg_error_t
kem_encap_body (int algo, const void *pubkey, size_t pubkey_len,
                void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  gpg_error_t err = 0;

  switch (algo)
    {
    case KC_KEM_SNTRUP761:
      if (!pubkey || pubkey_len != KC_KEM_SNTRUP761_PUBKEY_LEN
          || !ciphertext || ciphertext_len != KC_KEM_SNTRUP761_ENCAPS_LEN
          || !shared || shared_len != KC_KEM_SNTRUP761_SHARED_LEN)
        err = KC_ERR (GPG_ERR_INV_ARG);
      else if (optional || optional_len)
        err = KC_ERR (GPG_ERR_INV_VALUE);
      else
        {
          _kc_sntrup761_enc (ciphertext, shared, pubkey,
                             _kc_random_system, NULL);
          return 0;
        }
      break;

    default:
      return KC_ERR (GPG_ERR_NOT_SUPPORTED);
    }

  clear_output (ciphertext, ciphertext_len, KC_KEM_SNTRUP761_ENCAPS_LEN);
  clear_output (shared, shared_len, KC_KEM_SNTRUP761_SHARED_LEN);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_kem_encap (int algo, const void *pubkey, size_t pubkey_len,
              void *ciphertext, size_t ciphertext_len,
              void *shared, size_t shared_len,
              const void *optional, size_t optional_len)
{
  gpg_error_t err = kem_encap_body (algo, pubkey, pubkey_len, ciphertext,
                                    ciphertext_len, shared, shared_len,
                                    optional, optional_len);
  _kc_burn_stack (KC_STACK_BURN_KEM);
  return err;
}

static KC_NOINLINE gpg_error_t
kem_decap_body (int algo, const void *seckey, size_t seckey_len,
                const void *ciphertext, size_t ciphertext_len,
                void *shared, size_t shared_len,
                const void *optional, size_t optional_len)
{
  gpg_error_t err = 0;

  switch (algo)
    {
    case KC_KEM_SNTRUP761:
      if (!seckey || seckey_len != KC_KEM_SNTRUP761_SECKEY_LEN
          || !ciphertext || ciphertext_len != KC_KEM_SNTRUP761_ENCAPS_LEN
          || !shared || shared_len != KC_KEM_SNTRUP761_SHARED_LEN)
        err = KC_ERR (GPG_ERR_INV_ARG);
      else if (optional || optional_len)
        err = KC_ERR (GPG_ERR_INV_VALUE);
      else
        {
          _kc_sntrup761_dec (shared, ciphertext, seckey);
          return 0;
        }
      break;

    default:
      return KC_ERR (GPG_ERR_NOT_SUPPORTED);
    }

  clear_output (shared, shared_len, KC_KEM_SNTRUP761_SHARED_LEN);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_kem_decap (int algo, const void *seckey, size_t seckey_len,
              const void *ciphertext, size_t ciphertext_len,
              void *shared, size_t shared_len,
              const void *optional, size_t optional_len)
{
  gpg_error_t err = kem_decap_body (algo, seckey, seckey_len, ciphertext,
                                    ciphertext_len, shared, shared_len,
                                    optional, optional_len);
  _kc_burn_stack (KC_STACK_BURN_KEM);
  return err;
}
