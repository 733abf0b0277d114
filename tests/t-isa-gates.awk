# t-isa-gates.awk - the instruction-set extensions each function uses.
#
# Input: "objdump -d -w -M intel" of x86-64 object files (the bytes of an
# instruction on its line).  Output: one line a function symbol,
#   OBJECT SYMBOL EXT,EXT,...
# with the extensions beyond the x86-64 baseline (SSE2) its instructions
# need, "-" when none.  OBJECT is the file's base name without ".o".
# The encoding comes from the bytes (VEX c4/c5, EVEX 62, after legacy
# prefixes and REX), the extension from the mnemonic and the operands:
#   EVEX                  AVX512F, + VL without a zmm operand (vector
#                         forms), + BW/DQ/IFMA/VNNI/VBMI/... by mnemonic
#   VEX k* (opmask)       AVX512F (w), AVX512DQ (b, kaddw, ktestw),
#                         AVX512BW (d, q)
#   VEX andn bextr blsi blsmsk blsr             BMI1
#   VEX bzhi mulx pdep pext rorx sarx shlx shrx BMI2
#   VEX vfmadd... (FMA), vcvtph2ps/vcvtps2ph (F16C), vpdp* (AVXVNNI),
#       vpmadd52* (AVXIFMA), else AVX2 for the AVX2 integer forms and
#       AVX for the rest (both need KC_HWF_AVX2 in this library)
#   legacy popcnt (POPCNT), lzcnt (LZCNT), tzcnt (TZCNT: see below),
#       adcx adox (ADX),
#       sha1* sha256* (SHA), aes* (AES), pclmulqdq (PCLMUL), the SSE3,
#       SSSE3, SSE4.1 and SSE4.2 mnemonics, movbe, rdrand, rdseed, xgetbv
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later

function setof(list, arr,   n, i, a) {
  n = split(list, a, " ")
  for (i = 1; i <= n; i++)
    arr[a[i]] = 1
}

BEGIN {
  setof("vpaddb vpaddw vpaddsb vpaddsw vpaddusb vpaddusw vpsubb vpsubw " \
        "vpsubsb vpsubsw vpsubusb vpsubusw vpmullw vpmulhw vpmulhuw " \
        "vpmulhrsw vpmaddwd vpmaddubsw vpavgb vpavgw vpabsb vpabsw " \
        "vpminsb vpminsw vpminub vpminuw vpmaxsb vpmaxsw vpmaxub vpmaxuw " \
        "vpcmpb vpcmpub vpcmpw vpcmpuw vpcmpeqb vpcmpeqw vpcmpgtb vpcmpgtw " \
        "vpcmpneqb vpcmpneqw vpcmpltb vpcmpltw vpcmpleb vpcmplew " \
        "vpcmpnltb vpcmpnltw vpcmpnleb vpcmpnlew vpcmpequb vpcmpequw " \
        "vpcmpltub vpcmpltuw vpcmpleub vpcmpleuw vpcmpnequb vpcmpnequw " \
        "vpcmpnltub vpcmpnltuw vpcmpnleub vpcmpnleuw " \
        "vpsllw vpsrlw vpsraw vpsllvw vpsrlvw vpsravw vpslldq vpsrldq " \
        "vpshufb vpshufhw vpshuflw vpalignr vpacksswb vpackssdw vpackuswb " \
        "vpackusdw vpunpckhbw vpunpcklbw vpunpckhwd vpunpcklwd vpermw " \
        "vpermi2w vpermt2w vpblendmb vpblendmw vmovdqu8 vmovdqu16 " \
        "vpbroadcastb vpbroadcastw vpmovwb vpmovswb vpmovuswb vpmovsxbw " \
        "vpmovzxbw vpmovb2m vpmovw2m vpmovm2b vpmovm2w vptestmb vptestmw " \
        "vptestnmb vptestnmw vpsadbw vdbpsadbw vpextrb vpextrw vpinsrb " \
        "vpinsrw", bw)
  setof("vpmullq vpmovm2d vpmovm2q vpmovd2m vpmovq2m vandpd vandps " \
        "vandnpd vandnps vorpd vorps vxorpd vxorps vbroadcastf32x2 " \
        "vbroadcasti32x2 vbroadcastf32x8 vbroadcasti32x8 vbroadcastf64x2 " \
        "vbroadcasti64x2 vextractf32x8 vextracti32x8 vextractf64x2 " \
        "vextracti64x2 vinsertf32x8 vinserti32x8 vinsertf64x2 " \
        "vinserti64x2 vcvtpd2qq vcvtpd2uqq vcvtps2qq vcvtps2uqq vcvtqq2pd " \
        "vcvtqq2ps vcvtuqq2pd vcvtuqq2ps vcvttpd2qq vcvttpd2uqq " \
        "vcvttps2qq vcvttps2uqq vfpclasspd vfpclassps vfpclasssd " \
        "vfpclassss vrangepd vrangeps vrangesd vrangess vreducepd " \
        "vreduceps vreducesd vreducess vpextrd vpextrq vpinsrd vpinsrq", dq)
  setof("vpmadd52luq vpmadd52huq", ifma)
  setof("vpdpbusd vpdpbusds vpdpwssd vpdpwssds", vnni)
  setof("vpermb vpermi2b vpermt2b vpmultishiftqb", vbmi)
  setof("vpcompressb vpcompressw vpexpandb vpexpandw vpshldw vpshldd " \
        "vpshldq vpshldvw vpshldvd vpshldvq vpshrdw vpshrdd vpshrdq " \
        "vpshrdvw vpshrdvd vpshrdvq", vbmi2)
  setof("vpopcntb vpopcntw vpshufbitqmb", bitalg)
  setof("vpopcntd vpopcntq", vpopcntdq)
  setof("vpconflictd vpconflictq vplzcntd vplzcntq vpbroadcastmb2q " \
        "vpbroadcastmw2d", cd)
  # EVEX instructions with only xmm operands that are not AVX512VL
  setof("vmovd vmovq vmovss vmovsd vpextrb vpextrw vpextrd vpextrq " \
        "vpinsrb vpinsrw vpinsrd vpinsrq vextractps vinsertps vcomiss " \
        "vcomisd vucomiss vucomisd", evexscalar)
  setof("andn bextr blsi blsmsk blsr", bmi1)
  setof("bzhi mulx pdep pext rorx sarx shlx shrx", bmi2)
  setof("vpbroadcastb vpbroadcastw vpbroadcastd vpbroadcastq " \
        "vbroadcasti128 vinserti128 vextracti128 vperm2i128 vpermd " \
        "vpermq vpermps vpermpd vpsllvd vpsllvq vpsrlvd vpsrlvq vpsravd " \
        "vpblendd vpmaskmovd vpmaskmovq vgatherdps vgatherdpd vgatherqps " \
        "vgatherqpd vpgatherdd vpgatherdq vpgatherqd vpgatherqq", avx2)
  setof("lddqu movddup movshdup movsldup haddps haddpd hsubps hsubpd " \
        "addsubps addsubpd fisttp", sse3)
  setof("pshufb palignr phaddw phaddd phaddsw phsubw phsubd phsubsw " \
        "pmaddubsw pmulhrsw psignb psignw psignd pabsb pabsw pabsd", ssse3)
  setof("pblendw pblendvb blendps blendpd blendvps blendvpd pminsb " \
        "pminsd pminuw pminud pmaxsb pmaxsd pmaxuw pmaxud pmulld pmuldq " \
        "ptest pinsrb pinsrd pinsrq pextrb pextrd pextrq pmovsxbw " \
        "pmovsxbd pmovsxbq pmovsxwd pmovsxwq pmovsxdq pmovzxbw pmovzxbd " \
        "pmovzxbq pmovzxwd pmovzxwq pmovzxdq roundps roundpd roundss " \
        "roundsd dpps dppd mpsadbw packusdw pcmpeqq phminposuw insertps " \
        "extractps movntdqa", sse41)
  setof("pcmpgtq pcmpestri pcmpestrm pcmpistri pcmpistrm crc32", sse42)
  setof("rep repz repe repnz repne lock notrack bnd data16 addr32 cs ds " \
        "es fs gs ss", prefixword)
}

function add(e) {
  if (!(e in used)) {
    used[e] = 1
    usedlist = usedlist == "" ? e : usedlist "," e
  }
}

function flush() {
  if (sym != "")
    print obj, sym, (usedlist == "" ? "-" : usedlist)
  sym = ""
  usedlist = ""
  for (k in used)
    delete used[k]
}

/^In archive / { next }

/file format/ {
  flush()
  obj = $1
  sub(/:$/, "", obj)
  sub(/^.*\//, "", obj)
  sub(/\.o$/, "", obj)
  next
}

/^[0-9a-f]+ <.*>:$/ {
  flush()
  sym = $2
  sub(/^</, "", sym)
  sub(/>:$/, "", sym)
  next
}

sym != "" && /^ *[0-9a-f]+:\t/ {
  n = split($0, f, "\t")
  if (n < 3)
    next
  # the encoding: first byte after the legacy prefixes and REX
  nb = split(f[2], b, " ")
  enc = "legacy"
  for (i = 1; i <= nb; i++) {
    if (b[i] ~ /^(26|2e|36|3e|64|65|66|67|f0|f2|f3|4[0-9a-f])$/)
      continue
    if (b[i] == "c4" || b[i] == "c5")
      enc = "vex"
    else if (b[i] == "62")
      enc = "evex"
    break
  }
  ins = f[3]
  for (i = 4; i <= n; i++)
    ins = ins " " f[i]
  sub(/[ ]*#.*$/, "", ins)
  nw = split(ins, w, " ")
  if (nw == 0)
    next
  i = 1
  while (i < nw && (w[i] in prefixword || w[i] ~ /^\{(vex|vex3|evex)\}$/))
    i++
  m = w[i]
  ops = ""
  for (j = i + 1; j <= nw; j++)
    ops = ops " " w[j]

  if (enc == "evex") {
    add("AVX512F")
    if (ops !~ /zmm/ && ops ~ /[xy]mm/ && !(m in evexscalar) \
        && m !~ /^v.*s[sdh]$/)
      add("AVX512VL")
    if (m in bw) add("AVX512BW")
    if (m in dq) add("AVX512DQ")
    if (m in ifma) add("AVX512IFMA")
    if (m in vnni) add("AVX512VNNI")
    if (m in vbmi) add("AVX512VBMI")
    if (m in vbmi2) add("AVX512VBMI2")
    if (m in bitalg) add("AVX512BITALG")
    if (m in vpopcntdq) add("AVX512VPOPCNTDQ")
    if (m in cd) add("AVX512CD")
    if (m ~ /^vgf2p8/) add("GFNI")
    if (m ~ /^vaes/) add("VAES")
    if (m == "vpclmulqdq") add("VPCLMULQDQ")
  } else if (enc == "vex") {
    if (m ~ /^k/) {
      if (m == "kaddw" || m == "ktestw" || m ~ /b$/ && m != "kunpckbw")
        add("AVX512DQ")
      else if (m ~ /[dq]$/)
        add("AVX512BW")
      else
        add("AVX512F")
    } else if (m in bmi1)
      add("BMI1")
    else if (m in bmi2)
      add("BMI2")
    else if (m ~ /^vfn?m(add|sub)/ || m ~ /^vfmsubadd/ || m ~ /^vfmaddsub/)
      add("FMA")
    else if (m == "vcvtph2ps" || m == "vcvtps2ph")
      add("F16C")
    else if (m ~ /^vpdp/)
      add("AVXVNNI")
    else if (m ~ /^vpmadd52/)
      add("AVXIFMA")
    else if (m ~ /^vaes/ && ops ~ /ymm/)
      add("VAES")
    else if (m ~ /^vaes/) {
      add("AES"); add("AVX")
    } else if (m == "vpclmulqdq") {
      add(ops ~ /ymm/ ? "VPCLMULQDQ" : "PCLMUL"); add("AVX")
    } else if (m ~ /^vgf2p8/)
      add("GFNI")
    else if (m in avx2 || (m ~ /^vp/ && ops ~ /ymm/))
      add("AVX2")
    else
      add("AVX")
  } else {
    if (m == "popcnt") add("POPCNT")
    else if (m == "lzcnt") add("LZCNT")
    # F3 0F BC: BSF on a CPU without BMI1, the same for a nonzero operand
    # (compilers emit it for ctz); a gate never needs to name it
    else if (m == "tzcnt") add("TZCNT")
    else if (m == "adcx" || m == "adox") add("ADX")
    else if (m ~ /^sha(1|256)/) add("SHA")
    else if (m ~ /^aes/) add("AES")
    else if (m == "pclmulqdq") add("PCLMUL")
    else if (m in sse3) add("SSE3")
    else if (m in ssse3) add("SSSE3")
    else if (m in sse41) add("SSE4.1")
    else if (m in sse42) add("SSE4.2")
    else if (m == "movbe") add("MOVBE")
    else if (m == "rdrand") add("RDRAND")
    else if (m == "rdseed") add("RDSEED")
    else if (m == "xgetbv") add("XSAVE")
    else if (m ~ /^gf2p8/) add("GFNI")
  }
}

END { flush() }
