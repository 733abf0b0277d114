/* ed25519/x86_64/adx.h - the Ed25519 comb and variable-time
 * multiplications on the 4x64 MULX/ADX field mod 2^255 - 19
 * (x25519/x86_64/field-4x64.h, X25519's).  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The "adx" row of ed25519/group.c's table: the contracts are those of
 * _kc_ed25519_ge_scalarmult_base, _kc_ed25519_ge_double_scalarmult_var
 * and _kc_ed25519_msm_var (ed25519/group.h), points 5x51 in and out.
 * Built where mpi/limb.h defines KC_LIMB_ADX (x86-64, gcc or clang,
 * optimised, no ASan or MSan), run only where _kc_hwf () has
 * KC_ED25519_ADX_HWF.  The comb is constant time (ctime-check.sh runs it
 * under valgrind with KCRYPT_HWF_PREFER=0x200, as X25519's ladder).
 */
#ifndef KC_ED25519_ADX_H
#define KC_ED25519_ADX_H

#include "ed25519/group.h"

/* MULX, ADCX and ADOX for the field; AVX2 for the comb's lookup */
#define KC_ED25519_ADX_ISA BMI2, ADX, AVX2
#define KC_ED25519_ADX_HWF KC_ISA_HWF (KC_ED25519_ADX_ISA)

void _kc_ed25519_base_adx (_kc_ed25519_ge *r, const unsigned char a[32]);
void _kc_ed25519_dsm_adx_var (_kc_ed25519_ge *r, const _kc_ed25519_sc *a,
                              const _kc_ed25519_ge *p,
                              const _kc_ed25519_sc *b);
void _kc_ed25519_msm_adx_var (_kc_ed25519_ge *r, const _kc_ed25519_sc *g,
                              const _kc_ed25519_ge *const *pl,
                              const _kc_ed25519_sc *sl,
                              const _kc_ed25519_ge *const *ps,
                              const _kc_ed25519_sc *ss, size_t n);

#endif
