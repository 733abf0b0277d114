/* t-version.c - kc_check_version
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  CHECK (kc_check_version (NULL) != NULL, "NULL request");
  CHECK (!strcmp (kc_check_version (NULL), KCRYPT_VERSION), "version string");
  CHECK (kc_check_version ("0.0.1") != NULL, "older version accepted");
  CHECK (kc_check_version (KCRYPT_VERSION) != NULL, "own version accepted");
  CHECK (kc_check_version ("99.0.0") == NULL, "newer version refused");
  CHECK (kc_check_version ("0.99") == NULL, "newer minor refused");
  CHECK (kc_check_version ("abc") == NULL, "garbage refused");
  CHECK (kc_check_version ("1..2") == NULL, "garbage refused");
  CHECK (kc_check_version ("") == NULL, "empty refused");
  CHECK (kc_check_version ("0.1.0x") == NULL, "trailing garbage refused");
  CHECK (KCRYPT_VERSION_NUMBER >= 0x000100, "version number");
  return t_done ("t-version");
}
