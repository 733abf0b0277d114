# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Wycheproof ECDH files as C tables of struct _kc_wp_ecdh
(tests/wycheproof.h), for convert.py (secp256k1) and convert-p256.py.

An "asn" file gives each case's public key as a SubjectPublicKeyInfo:
NAMED is 1 when it is a strict-DER id-ecPublicKey key with the expected
named curve and nothing else, and PUB is then the point (the BIT
STRING's content) that kc_ecdh takes; otherwise the case is about the
ASN.1 wrapper or another curve and PUB is left empty.  An "ecpoint" file
gives the SEC1 point itself (NAMED 1).  The private key (a DER-style
integer, sometimes 33 bytes with a leading zero) is written as its
32-byte value.  RESULT is 1 valid, 0 invalid, 2 acceptable.
"""
import json
import os
import sys

# DER of the AlgorithmIdentifier id-ecPublicKey with each named curve
ALG = {"secp256r1": bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107"),
       "secp256k1": bytes.fromhex("301006072a8648ce3d020106052b8104000a")}


def c_bytes(b):
    if not b:
        return '""', 0
    return '"' + "".join("\\x%02x" % x for x in b) + '"', len(b)


def der_tlv(b, i):
    """(tag, content start, content end) of the strict-DER TLV at I."""
    if i + 2 > len(b):
        return None
    tag, ln = b[i], b[i + 1]
    j = i + 2
    if ln >= 0x80:
        n = ln & 0x7f
        if n == 0 or n > 2 or j + n > len(b) or b[j] == 0:
            return None
        ln = int.from_bytes(b[j:j + n], "big")
        if ln < 0x80 or (n == 2 and ln < 0x100):
            return None                  # not minimal
        j += n
    if j + ln > len(b):
        return None
    return tag, j, j + ln


def spki_point(spki, alg):
    """The point of a strict named-curve SPKI with ALG, or None."""
    top = der_tlv(spki, 0)
    if not top or top[0] != 0x30 or top[2] != len(spki):
        return None
    a = der_tlv(spki, top[1])
    if not a or a[0] != 0x30:
        return None
    if spki[top[1]:a[2]] != alg:
        return None
    bits = der_tlv(spki, a[2])
    if not bits or bits[0] != 0x03 or bits[2] != top[2]:
        return None
    if bits[2] - bits[1] < 1 or spki[bits[1]] != 0:
        return None                      # unused bits
    return spki[bits[1] + 1:bits[2]]


def ecdh_table(datadir, filename, curve, encoding, cname):
    """The lines of the C array CNAME (and CNAME_count) for FILENAME,
    whose groups must all be CURVE with ENCODING ("asn" or "ecpoint")."""
    with open(os.path.join(datadir, filename)) as f:
        data = json.load(f)
    out = ["const struct _kc_wp_ecdh %s[] = {" % cname]
    codes = {"valid": 1, "invalid": 0, "acceptable": 2}
    n = 0
    for group in data["testGroups"]:
        if group["curve"] != curve or group["encoding"] != encoding:
            sys.exit("%s: unexpected group %r %r"
                     % (filename, group["curve"], group["encoding"]))
        for t in group["tests"]:
            raw = bytes.fromhex(t["public"])
            point = spki_point(raw, ALG[curve]) if encoding == "asn" else raw
            priv = int(t["private"], 16) if t["private"] else 0
            if priv >= 2**256:
                sys.exit("%s tcId %d: private key over 256 bits"
                         % (filename, t["tcId"]))
            pub, publen = c_bytes(point or b"")
            key, _ = c_bytes(priv.to_bytes(32, "big"))
            sh, shlen = c_bytes(bytes.fromhex(t["shared"]))
            out.append("  { %d, %d, %d,\n    %s, %d,\n    %s,\n    %s, %d },"
                       % (t["tcId"], codes[t["result"]], point is not None,
                          pub, publen, key, sh, shlen))
            n += 1
    if n != data["numberOfTests"]:
        sys.exit("%s: %d cases, header says %d"
                 % (filename, n, data["numberOfTests"]))
    out.append("};")
    out.append("const size_t %s_count = %d;" % (cname, n))
    return out
