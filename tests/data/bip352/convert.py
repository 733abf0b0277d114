#!/usr/bin/env python3
# convert.py - writes data/bip352/send-and-receive.txt from BIP-352's
# send_and_receive_test_vectors.json: every vector, every value, in a
# line format t-silentpayments reads at run time (no JSON parser in C).
# Besides reformatting (hex kept, txids turned into 36-byte outpoints
# txid (little-endian, as serialized) || vout (4 bytes little-endian),
# addresses decoded from bech32m into their two keys), it extracts each
# input's public key from its scriptSig / witness / prevout script as
# BIP-352 specifies ("Inputs For Shared Secret Derivation"); the vectors
# check that extraction (input_pub_keys, input_pub_key_sum).
#
# Line format (hex, "-" for none):
#   V <number> <comment>                       a vector starts
#   S | R                                      its sending / receiving part
#   I <outpoint 36> <tr|ec|-> <public key> <secret key>
#        tr: taproot (x-only, 32 bytes), ec: 33 or 65 bytes, -: not an
#        eligible input (its outpoint still counts for the smallest)
#   C <scan 33> <spend 33> [<count>]           sending: a recipient (count
#                                              times: the JSON's "count")
#   O <x-only 32> ...                          sending: one allowed output
#                                              set (any order); receiving:
#                                              the transaction's outputs
#   X <shared 33 or -> ...                     sending: shared_secrets
#   P <key> ...                                sending: input_pub_keys
#   K <scan secret 32> <spend secret 32>       receiving: key_material
#   L <m> ...                                  receiving: labels
#   A <scan 33> <spend 33>                     receiving: an address
#   F <x-only 32> <tweak 32> <signature 64>    receiving: an output found
#   N <count>                                  receiving: n_outputs
#   T <tweak 33|-> <shared 33|-> <sum 33|->    receiving: tweak,
#                                              shared_secret, input_pub_key_sum
#   E                                          the part ends
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   python3 tests/data/bip352/convert.py tests/data/bip352 \
#       > tests/data/bip352/send-and-receive.txt
import json
import os
import struct
import sys

NAME = "send_and_receive_test_vectors.json"
# BIP-341's NUMS point H (x), whose taproot inputs BIP-352 skips.
NUMS_H = bytes.fromhex(
    "50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")


# ---------------------------------------------------------- RIPEMD-160
# Written out here (hashlib's may be missing: OpenSSL 3 moved it to the
# legacy provider).  Checked against the standard's examples in main().
def _rol(x, n):
    return ((x << n) | (x >> (32 - n))) & 0xffffffff


_RL = [list(range(16)),
       [7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8],
       [3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12],
       [1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2],
       [4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13]]
_RR = [[5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12],
       [6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2],
       [15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13],
       [8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14],
       [12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11]]
_SL = [[11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8],
       [7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12],
       [11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5],
       [11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12],
       [9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6]]
_SR = [[8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6],
       [9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11],
       [9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5],
       [15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8],
       [8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11]]
_KL = [0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e]
_KR = [0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000]


def _f(j, x, y, z):
    if j == 0:
        return x ^ y ^ z
    if j == 1:
        return (x & y) | (~x & z)
    if j == 2:
        return (x | ~y) ^ z
    if j == 3:
        return (x & z) | (y & ~z)
    return x ^ (y | ~z)


def ripemd160(msg):
    h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]
    m = msg + b"\x80" + b"\x00" * ((55 - len(msg)) % 64) \
        + struct.pack("<Q", 8 * len(msg))
    for off in range(0, len(m), 64):
        x = struct.unpack("<16I", m[off:off + 64])
        al, bl, cl, dl, el = h
        ar, br, cr, dr, er = h
        for r in range(5):
            for i in range(16):
                t = (al + (_f(r, bl, cl, dl) & 0xffffffff) + x[_RL[r][i]]
                     + _KL[r]) & 0xffffffff
                t = (_rol(t, _SL[r][i]) + el) & 0xffffffff
                al, el, dl, cl, bl = el, dl, _rol(cl, 10), bl, t
                t = (ar + (_f(4 - r, br, cr, dr) & 0xffffffff)
                     + x[_RR[r][i]] + _KR[r]) & 0xffffffff
                t = (_rol(t, _SR[r][i]) + er) & 0xffffffff
                ar, er, dr, cr, br = er, dr, _rol(cr, 10), br, t
        t = (h[1] + cl + dr) & 0xffffffff
        h[1] = (h[2] + dl + er) & 0xffffffff
        h[2] = (h[3] + el + ar) & 0xffffffff
        h[3] = (h[4] + al + br) & 0xffffffff
        h[4] = (h[0] + bl + cr) & 0xffffffff
        h[0] = t
    return struct.pack("<5I", *h)


def hash160(b):
    import hashlib
    return ripemd160(hashlib.sha256(b).digest())


# ------------------------------------------------------------- bech32m
CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _polymod(values):
    gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1ffffff) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def sp_address_keys(addr):
    """The scan and spend keys (33 bytes each) of a version-0 silent
    payments address, its bech32m checksum checked."""
    hrp, data = addr.lower().rsplit("1", 1)
    assert hrp in ("sp", "tsp")
    vals = [CHARSET.index(c) for c in data]
    exp = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    assert _polymod(exp + vals) == 0x2bc830a3, "bad bech32m checksum"
    vals = vals[:-6]
    assert vals[0] == 0, "address version"
    acc, bits, out = 0, 0, []
    for v in vals[1:]:
        acc = (acc << 5) | v
        bits += 5
        while bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xff)
    assert bits < 5 and (acc & ((1 << bits) - 1)) == 0
    out = bytes(out)
    assert len(out) == 66
    return out[:33], out[33:]


# ------------------------------------------------------- input parsing
def read_compact(b, i):
    n = b[i]
    if n < 0xfd:
        return n, i + 1
    if n == 0xfd:
        return struct.unpack("<H", b[i + 1:i + 3])[0], i + 3
    if n == 0xfe:
        return struct.unpack("<I", b[i + 1:i + 5])[0], i + 5
    return struct.unpack("<Q", b[i + 1:i + 9])[0], i + 9


def witness_items(hexstr):
    b = bytes.fromhex(hexstr)
    if not b:
        return []
    n, i = read_compact(b, 0)
    items = []
    for _ in range(n):
        ln, i = read_compact(b, i)
        items.append(b[i:i + ln])
        i += ln
    assert i == len(b), "trailing witness bytes"
    return items


def is_p2pkh(s):
    return len(s) == 25 and s[:3] == b"\x76\xa9\x14" and s[23:] == b"\x88\xac"


def is_p2sh(s):
    return len(s) == 23 and s[:2] == b"\xa9\x14" and s[22] == 0x87


def is_p2wpkh(s):
    return len(s) == 22 and s[:2] == b"\x00\x14"


def is_p2tr(s):
    return len(s) == 34 and s[:2] == b"\x51\x20"


def input_pubkey(vin):
    """("tr", x-only) / ("ec", key) for an eligible input, None if not."""
    spk = bytes.fromhex(vin["prevout"]["scriptPubKey"]["hex"])
    ss = bytes.fromhex(vin["scriptSig"])
    wit = witness_items(vin["txinwitness"])
    if is_p2pkh(spk):
        # the last 33 bytes of the scriptSig whose hash160 is the
        # script's hash (a malleated scriptSig may have more after it)
        for i in range(len(ss), 32, -1):
            pk = ss[i - 33:i]
            if hash160(pk) == spk[3:23]:
                return ("ec", pk)
        return None
    if is_p2sh(spk):
        # P2SH-P2WPKH: the scriptSig pushes the redeem script only
        if len(ss) >= 1 and ss[0] == len(ss) - 1 and is_p2wpkh(ss[1:]):
            if wit and len(wit[-1]) == 33:
                return ("ec", wit[-1])
        return None
    if is_p2wpkh(spk):
        if wit and len(wit[-1]) == 33:
            return ("ec", wit[-1])
        return None
    if is_p2tr(spk):
        stack = list(wit)
        if len(stack) > 1 and stack[-1] and stack[-1][0] == 0x50:
            stack.pop()                    # the annex
        if len(stack) > 1:                 # script path: the control block
            if stack[-1][1:33] == NUMS_H:
                return None
        return ("tr", spk[2:])
    return None


def outpoint(vin):
    return bytes.fromhex(vin["txid"])[::-1] + struct.pack("<I", vin["vout"])


def h(x):
    return "-" if x is None else x


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(__file__)
    assert ripemd160(b"").hex() == "9c1185a5c5e9fc54612808977ee8f548b2258d31"
    assert ripemd160(b"abc").hex() == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
    assert ripemd160(b"message digest").hex() \
        == "5d0689ef49d2fae572b881b123a85ffa21595f36"
    with open(os.path.join(d, NAME)) as f:
        vectors = json.load(f)
    out = ["# GENERATED by convert.py from %s (BIP-352).  Do not edit.\n"
           % NAME]
    for n, v in enumerate(vectors):
        out.append("V %d %s\n" % (n, v["comment"]))
        for s in v["sending"]:
            g, e = s["given"], s["expected"]
            out.append("S\n")
            for vin in g["vin"]:
                pk = input_pubkey(vin)
                out.append("I %s %s %s %s\n" % (
                    outpoint(vin).hex(), pk[0] if pk else "-",
                    pk[1].hex() if pk else "-", vin["private_key"]))
            for r in g["recipients"]:
                scan, spend = sp_address_keys(r["address"])
                assert scan.hex() == r["scan_pub_key"]
                assert spend.hex() == r["spend_pub_key"]
                count = r.get("count", 1)
                out.append("C %s %s%s\n" % (
                    r["scan_pub_key"], r["spend_pub_key"],
                    " %d" % count if count != 1 else ""))
            for alt in e["outputs"]:
                out.append("O%s\n" % "".join(" " + o for o in alt))
            out.append("X%s\n" % "".join(" " + h(x)
                                          for x in e["shared_secrets"]))
            out.append("P%s\n" % "".join(" " + x for x in e["input_pub_keys"]))
            out.append("E\n")
        for r in v["receiving"]:
            g, e = r["given"], r["expected"]
            out.append("R\n")
            for vin in g["vin"]:
                pk = input_pubkey(vin)
                out.append("I %s %s %s -\n" % (
                    outpoint(vin).hex(), pk[0] if pk else "-",
                    pk[1].hex() if pk else "-"))
            out.append("O%s\n" % "".join(" " + o for o in g["outputs"]))
            km = g["key_material"]
            out.append("K %s %s\n" % (km["scan_priv_key"],
                                      km["spend_priv_key"]))
            out.append("L%s\n" % "".join(" %d" % m for m in g["labels"]))
            for a in e["addresses"]:
                scan, spend = sp_address_keys(a)
                out.append("A %s %s\n" % (scan.hex(), spend.hex()))
            for o in e.get("outputs", []):
                out.append("F %s %s %s\n" % (o["pub_key"], o["priv_key_tweak"],
                                             o["signature"]))
            if "n_outputs" in e:
                out.append("N %d\n" % e["n_outputs"])
            out.append("T %s %s %s\n" % (h(e["tweak"]), h(e["shared_secret"]),
                                         h(e.get("input_pub_key_sum"))))
            out.append("E\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
