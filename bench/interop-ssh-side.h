/* interop-ssh-side.h - the OpenSSH half of interop-ssh-hybrids, as plain
 * C calls (bench/interop-ssh-side.c; no OpenSSH or libkcrypt type here).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_INTEROP_SSH_SIDE_H
#define KC_INTEROP_SSH_SIDE_H

#include <stddef.h>

/* One key exchange of OpenSSH's, by its SSH name (for example
 * "mlkem768nistp256-sha256"); NULL if this OpenSSH lacks it. */
struct sshside;
struct sshside *sshside_new (const char *kex_name);
void sshside_free (struct sshside *s);

/* The client's key pair (OpenSSH's kex_*_keypair): its public value,
 * the Q_C that SSH sends, into PK.  The secret stays in S for
 * sshside_dec.  0 on success, else OpenSSH's error code (negative) or 1
 * if PK_MAX is too small. */
int sshside_keypair (struct sshside *s, unsigned char *pk, size_t pk_max,
                     size_t *pk_len);

/* The server's side (kex_*_enc) on the client's PK: the reply Q_S into
 * CT and the shared secret K into SS (the digest itself, without the
 * SSH string length that OpenSSH keeps in front of it). */
int sshside_enc (struct sshside *s, const unsigned char *pk, size_t pk_len,
                 unsigned char *ct, size_t ct_max, size_t *ct_len,
                 unsigned char *ss, size_t ss_max, size_t *ss_len);

/* The client's side (kex_*_dec) on the server's CT, with the key pair of
 * the last sshside_keypair on S: K into SS as above. */
int sshside_dec (struct sshside *s, const unsigned char *ct, size_t ct_len,
                 unsigned char *ss, size_t ss_max, size_t *ss_len);

/* The last sshside_keypair's secret in kc_kem's order (the
 * post-quantum secret key, then the 32-byte classical secret) into SK:
 * 0, or 1 if SK_MAX is too small. */
int sshside_client_seckey (struct sshside *s, unsigned char *sk,
                           size_t sk_max, size_t *sk_len);

#endif
