/* random.c - the system RNG behind the kc_rng_fn type
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"

#include <errno.h>
#ifdef HAVE_SYS_RANDOM_H
# include <sys/random.h>
#endif
#ifndef HAVE_GETRANDOM
# include <fcntl.h>
# include <unistd.h>
#endif

/* Fill BUF with N bytes from the kernel's CSPRNG.  getrandom without flags
 * blocks until the pool is initialised, so it never returns weak bytes;
 * a signal (EINTR) or a short read only means we ask again.  Anything else
 * is fatal: the callers (key generation, encapsulation) have no safe way to
 * go on without randomness. */
void
_kc_random_system (void *ctx, void *buf, size_t n)
{
  unsigned char *p = buf;

  (void) ctx;
  while (n)
    {
      size_t chunk = n > 256 ? 256 : n;
#ifdef HAVE_GETRANDOM
      ssize_t r = getrandom (p, chunk, 0);
#else
      static const char dev[] = "/dev/urandom";
      ssize_t r;
      int fd = open (dev, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        _kc_fatal ("cannot open /dev/urandom");
      r = read (fd, p, chunk);
      close (fd);
#endif
      if (r < 0)
        {
          if (errno == EINTR)
            continue;
          _kc_fatal ("the system RNG (getrandom) failed");
        }
      if (r == 0)
        _kc_fatal ("the system RNG returned no data");
      p += r;
      n -= (size_t) r;
    }
}
