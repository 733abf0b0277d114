#!/bin/sh
# Generate the build system: ./autogen.sh && ./configure && make
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf -fi
