/* ed25519/group-rows.c - the table of rows of Ed25519's group: the
 * comb and the variable-time multiplications, on IFMA, MULX/ADX or the
 * portable field, and the calls that pick from it.  Contracts in
 * ed25519/group.h.  A file of its own: the rows' files use group.c's
 * portable formulas, so the table cannot live there without a link
 * cycle (tests/t-link-cycles.sh).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "ed25519/group.h"
#include "ed25519/x86_64/adx.h"
#include "ed25519/x86_64/ifma.h"

typedef _kc_ed25519_ge ge;
typedef _kc_ed25519_sc sc;

/* The comb and the wNAF multiplications: the comb on AVX-512 IFMA
 * (ed25519/x86_64/group-ifma.c) where the CPU has it, with the MULX/ADX
 * multiplications (the portable ones in builds without that kernel:
 * ASan, MSan); the 4x64 MULX/ADX instance (ed25519/x86_64/group-adx.c)
 * where the CPU has BMI2, ADX and AVX2; else the portable one of
 * ed25519/group.c.  Everything else in group.c (encoding, decoding,
 * the single additions) is portable: once per operation. */
KC_KERNEL_ROWS (ed25519_kernels,
                void (*base) (ge *r, const unsigned char a[32]);
                void (*dsm) (ge *r, const sc *a, const ge *p, const sc *b);
                void (*msm) (ge *r, const sc *g, const ge *const *pl,
                             const sc *sl, const ge *const *ps,
                             const sc *ss, size_t n)) = {
#if defined(KC_HAVE_ED25519_IFMA) && defined(KC_LIMB_ADX)
  { { "ifma", KC_ED25519_IFMA_HWF, 0 }, _kc_ed25519_base_ifma,
    _kc_ed25519_dsm_adx_var, _kc_ed25519_msm_adx_var },
#elif defined(KC_HAVE_ED25519_IFMA)
  { { "ifma", KC_ED25519_IFMA_HWF, 0 }, _kc_ed25519_base_ifma,
    _kc_ed25519_dsm_port_var, _kc_ed25519_msm_port_var },
#endif
#ifdef KC_LIMB_ADX
  { { "adx", KC_ED25519_ADX_HWF, 0 }, _kc_ed25519_base_adx,
    _kc_ed25519_dsm_adx_var, _kc_ed25519_msm_adx_var },
#endif
  { { "portable", 0, 0 }, _kc_ed25519_base_port, _kc_ed25519_dsm_port_var,
    _kc_ed25519_msm_port_var },
};
KC_KERNEL_TABLE (_kc_ed25519_kernels_table, ed25519_kernels);

void
_kc_ed25519_ge_scalarmult_base (ge *r, const unsigned char a[32])
{
  KC_PICK (ed25519_kernels)->base (r, a);
}

void
_kc_ed25519_ge_double_scalarmult_var (ge *r, const sc *a, const ge *p,
                                      const sc *b)
{
  KC_PICK (ed25519_kernels)->dsm (r, a, p, b);
}

void
_kc_ed25519_msm_var (ge *r, const sc *g, const ge *const *pl, const sc *sl,
                     const ge *const *ps, const sc *ss, size_t n)
{
  KC_PICK (ed25519_kernels)->msm (r, g, pl, sl, ps, ss, n);
}
