/* wycheproof.h - the Project Wycheproof cases the tests read, as tables
 * generated from tests/data/wycheproof by its converters ("make regen",
 * or "make -C tests regen-wycheproof"; t-generated.sh checks them):
 *   wycheproof-secp256k1.c  ECDSA secp256k1/SHA-256, DER and P1363 (t-ecdsa)
 *   wycheproof-mac.c        HMAC-SHA256 and HKDF-SHA256 (t-mdapi)
 *   wycheproof-p256.c       ECDSA P-256/SHA-256, DER and P1363, and ECDH
 *                           P-256 (t-p256)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_TESTS_WYCHEPROOF_H
#define KC_TESTS_WYCHEPROOF_H

#include <stddef.h>

/* One ECDSA case: FILE the source file, DER 1 for DER signatures (0:
 * r || s), VALID its expected result; PUB the uncompressed key. */
struct _kc_wycheproof_case {
  const char *file; int tcid; int der; int valid;
  const char *pub; unsigned int pub_len;
  const char *msg; unsigned int msg_len;
  const char *sig; unsigned int sig_len;
};
extern const struct _kc_wycheproof_case _kc_wycheproof_cases[];
extern const size_t _kc_wycheproof_ncases;

/* HMAC-SHA256: TAG is TAG_LEN bytes (possibly truncated). */
struct _kc_wp_hmac { int tcid; int valid; unsigned int tag_len;
  const char *key; unsigned int key_len;
  const char *msg; unsigned int msg_len;
  const char *tag; };
extern const struct _kc_wp_hmac _kc_wp_hmac_cases[];
extern const size_t _kc_wp_hmac_count;

/* HKDF-SHA256: OKM is SIZE bytes. */
struct _kc_wp_hkdf { int tcid; int valid; unsigned int size;
  const char *ikm; unsigned int ikm_len;
  const char *salt; unsigned int salt_len;
  const char *info; unsigned int info_len;
  const char *okm; };
extern const struct _kc_wp_hkdf _kc_wp_hkdf_cases[];
extern const size_t _kc_wp_hkdf_count;

/* P-256 ECDSA (the struct above) and ECDH on both curves: RESULT 1
 * valid, 0 invalid, 2 acceptable; NAMED 1 when the case's public key is
 * a SEC1 point (an ecpoint file) or a strict named-curve
 * SubjectPublicKeyInfo of the file's curve, PUB then the point (else
 * empty); KEY the 32-byte private value; SHARED the x-coordinate (empty
 * for invalid cases).  wycheproof-p256.c: _kc_wp_p256_ecdh (keys as
 * SubjectPublicKeyInfo) and _kc_wp_p256_ecdh_ecpoint (SEC1 points);
 * wycheproof-secp256k1.c: _kc_wp_secp256k1_ecdh (SubjectPublicKeyInfo). */
extern const struct _kc_wycheproof_case _kc_wp_p256_ecdsa[];
extern const size_t _kc_wp_p256_ecdsa_count;
struct _kc_wp_ecdh { int tcid; int result; int named;
  const char *pub; unsigned int pub_len;
  const char *key;
  const char *shared; unsigned int shared_len; };
extern const struct _kc_wp_ecdh _kc_wp_p256_ecdh[];
extern const size_t _kc_wp_p256_ecdh_count;
extern const struct _kc_wp_ecdh _kc_wp_p256_ecdh_ecpoint[];
extern const size_t _kc_wp_p256_ecdh_ecpoint_count;
extern const struct _kc_wp_ecdh _kc_wp_secp256k1_ecdh[];
extern const size_t _kc_wp_secp256k1_ecdh_count;

#endif /* KC_TESTS_WYCHEPROOF_H */
