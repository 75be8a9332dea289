;; The Orgill-Hollands (1977), Boland et al. (2001), Louche et al. (1991) and Erbs-Driesse (Driesse et al. 2024)
;; decompositions over one block of rows, two
;; rows at a time in f64x2 lanes: the WebAssembly SIMD form of ktKernel in ../diffuse-fraction.ts,
;; which stays the reference. Built from erbs.wat (the same first pass: extraterrestrial
;; irradiance, cos z, the kt denominator); every value is computed with the same IEEE operations in
;; the same order as the TypeScript kernel, so the results are the same doubles, bit for bit;
;; except Boland's exp, computed here in the lanes (a table of 2^(j/64) and a degree-5 series after
;; reduction by ln 2 / 64, in passes of its own: $boland),
;; which is within a few units in the last place of Math.exp (Math.exp outside |x| <= 700 and NaN).
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into kt-decomposition.wasm.ts.
;;
;; Memory: as erbs.wat; bytes [23552, 24064), between the node table and the ghi column, hold the
;; 64 doubles 2^(j/64) and bytes [24064, 24136) the nine constants of Erbs-Driesse's fraction (data
;; segments of this module). `decompose` takes the byte address of each column it reads (ghi,
;; zenith, the third) and of each result it writes (dni, dhi, kt), 16-byte aligned with room for an
;; even number of rows: the block's columns for the copying path, or the columns of a ktColumns
;; allocation (an instance of its own whose memory has grown to hold them after the block), which
;; it reads and writes where they lie, a block of at most 4096 rows per call. What passes between
;; the passes (cos z, the kt denominator, the extraterrestrial irradiance, Boland's exponent and its
;; exp) stays in the block's dni, dhi and kt columns at their fixed offsets, whatever the addresses:
;; those loads and stores keep their static offsets (an address addition each on every access, the
;; first pass included, measured 5-10 % slower on the copying path).
(module
  ;; Math.cos, for zenith angles outside [0, 360] (and NaN), where the kernel calls it too.
  (import "js" "cos" (func $cos (param f64) (result f64)))
  ;; 1366.1 W/m2 times Spencer's distance factor for a day counted from 1970-01-01: the
  ;; TypeScript function itself, called once per UTC day met in the rows.
  (import "js" "extraForDay" (func $extraForDay (param f64) (result f64)))
  ;; Math.exp, for Boland's exponent outside [-700, 700] and NaN.
  (import "js" "exp" (func $exp (param f64) (result f64)))

  (memory (export "memory") 4)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "nodeTable") i32 (i32.const 0))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "ghi") i32 (i32.const 24576))
  (global (export "zenith") i32 (i32.const 57344))
  (global (export "third") i32 (i32.const 90112))
  (global (export "dni") i32 (i32.const 122880))
  (global (export "dhi") i32 (i32.const 155648))
  (global (export "kt") i32 (i32.const 188416))

  ;; The UTC day whose extraterrestrial irradiance was computed last: [dayStart, dayEnd) in
  ;; Unix seconds. It stays from call to call, as the value is a function of the day alone.
  (global $dayStart (mut f64) (f64.const inf))
  (global $dayEnd (mut f64) (f64.const -inf))
  (global $dayExtra (mut f64) (f64.const nan))

  ;; The constants of the loops, as mutable globals that the loop function reads into locals once.
  ;; V8's optimising compiler folds a v128.const, or a local holding one, into every use and
  ;; rebuilds it there (three instructions a use); a global it cannot fold, so each constant stays
  ;; in a register. Measured on the bench series (CPU time, the block loop alone): 7.8 -> 6.1 ns a
  ;; row, together with the index bias below. Nothing writes them.
  ;; A full turn [deg]: the node table covers [0, 360].
  (global $fullTurn (mut v128) (v128.const f64x2 360 360))
  ;; Nodes per degree.
  (global $four (mut v128) (v128.const f64x2 4 4))
  (global $half (mut v128) (v128.const f64x2 0.5 0.5))
  ;; Degrees per node.
  (global $quarter (mut v128) (v128.const f64x2 0.25 0.25))
  (global $radiansPerDegree (mut v128) (v128.const f64x2 0.017453292519943295 0.017453292519943295))
  (global $one (mut v128) (v128.const f64x2 1 1))
  ;; 1/6, 1/24 and 1/120: the remainder series of sin and cos.
  (global $oneSixth (mut v128) (v128.const f64x2 0.16666666666666666 0.16666666666666666))
  (global $oneTwentyFourth (mut v128) (v128.const f64x2 0.041666666666666664 0.041666666666666664))
  (global $oneHundredTwentieth (mut v128) (v128.const f64x2 0.008333333333333333 0.008333333333333333))
  ;; 2^52 + 2^51: added to a whole number k in [0, 1440], it leaves k in the low 32 bits of the lane.
  (global $indexBias (mut v128) (v128.const f64x2 0x1.8p52 0x1.8p52))
  (global $halfTurn (mut v128) (v128.const f64x2 180 180))
  (global $minusOne (mut v128) (v128.const f64x2 -1 -1))

  ;; Boland's exponential (see $boland): the bound |x| <= 700 of the lanes' own form, 64 / ln 2,
  ;; ln 2 / 64 in two parts (the first exact in 26 bits), and 63, the mask of j (its Taylor
  ;; coefficients 1/k! for k = 3 ... 5 are the globals 1/6, 1/24 and 1/120 above).
  (global $expLimit (mut v128) (v128.const f64x2 700 700))
  (global $sixtyFourOverLn2 (mut v128) (v128.const f64x2 92.33248261689366 92.33248261689366))
  (global $ln2High (mut v128) (v128.const f64x2 0.01083042469326756 0.01083042469326756))
  (global $ln2Low (mut v128) (v128.const f64x2 2.9815858269852933e-12 2.9815858269852933e-12))
  (global $jMask (mut v128) (v128.const i64x2 63 63))
  ;; The split's one-division form (see $boland): for finite GHI and exp x below 1e300.
  (global $inf (mut v128) (v128.const f64x2 inf inf))
  (global $eLimit (mut v128) (v128.const f64x2 1e300 1e300))

  ;; Erbs-Driesse's fraction (see $erbsDriesse), at byte 24064 (between the 2^(j/64) table and the ghi
  ;; column): the quartic's coefficients q4 ... q0, the slope 0.09 below kt 0.216, the value 0.165
  ;; above kt 0.792, and those two limits of kt, nine doubles that the pass loads into locals once
  ;; (a memory load V8 cannot fold into each use, as it folds a v128.const; and fewer bytes than
  ;; nine globals, which keeps the module under 4096 bytes).
  (data (i32.const 24064)
    "\da\ef\b0\5c\c9\89\28\40\42\91\78\3d\73\78\30\40\4a\7c\59\5b\da\fc\10\40\c0\fd\4d\d9\ee\28\bd\3f"
    "\36\13\b0\e0\0f\48\ee\3f\0a\d7\a3\70\3d\0a\b7\3f\1f\85\eb\51\b8\1e\c5\3f\f2\d2\4d\62\10\58\e9\3f"
    "\d9\ce\f7\53\e3\a5\cb\3f")

  ;; 2^(j/64) for j = 0 ... 63 (the nearest doubles), for Boland's exponential (see $boland).
  (data (i32.const 23552)
    "\00\00\00\00\00\00\f0\3f\61\80\77\3e\9a\2c\f0\3f\74\85\15\d3\b0\59\f0\3f\c8\9b\75\18\45\87\f0\3f"
    "\0f\89\f9\6c\58\b5\f0\3f\a2\d1\d3\32\ec\e3\f0\3f\51\5b\12\d0\01\13\f1\3f\e0\2d\a9\ae\9a\42\f1\3f"
    "\7b\51\7d\3c\b8\72\f1\3f\75\cb\6f\eb\5b\a3\f1\3f\aa\b9\68\31\87\d4\f1\3f\d6\8c\62\88\3b\06\f2\3f"
    "\38\62\75\6e\7a\38\f2\3f\dd\7c\e2\65\45\6b\f2\3f\e1\de\1f\f5\9d\9e\f2\3f\0b\03\e4\a6\85\d2\f2\3f"
    "\15\b7\31\0a\fe\06\f3\3f\ff\16\64\b2\08\3c\f3\3f\cb\a9\3a\37\a7\71\f3\3f\f7\9f\e5\34\db\a7\f3\3f"
    "\22\34\12\4c\a6\de\f3\3f\2a\2e\f7\21\0a\16\f4\3f\2d\89\61\60\08\4e\f4\3f\d0\3c\c1\b5\a2\86\f4\3f"
    "\27\2a\36\d5\da\bf\f4\3f\a7\2c\9d\76\b2\f9\f4\3f\82\4f\9d\56\2b\34\f5\3f\da\27\b5\36\47\6f\f5\3f"
    "\29\54\48\dd\07\ab\f5\3f\48\21\ad\15\6f\e7\f5\3f\85\55\3a\b0\7e\24\f6\3f\25\22\55\82\38\62\f6\3f"
    "\cd\3b\7f\66\9e\a0\f6\3f\2f\1a\65\3c\b2\df\f6\3f\74\5f\ec\e8\75\1f\f7\3f\c9\67\42\56\eb\5f\f7\3f"
    "\87\01\eb\73\14\a1\f7\3f\62\4e\cf\36\f3\e2\f7\3f\13\ce\4c\99\89\25\f8\3f\ed\92\44\9b\d9\68\f8\3f"
    "\db\a0\2a\42\e5\ac\f8\3f\36\77\15\99\ae\f1\f8\3f\e5\c5\cd\b0\37\37\f9\3f\50\4e\de\9f\82\7d\f9\3f"
    "\90\f0\a3\82\91\c4\f9\3f\65\e5\5d\7b\66\0c\fa\3f\5d\25\3e\b2\03\55\fa\3f\bf\fd\79\55\6b\9e\fa\3f"
    "\ad\d3\5a\99\9f\e8\fa\3f\fb\15\4f\b8\a2\33\fb\3f\47\5e\fb\f2\76\7f\fb\3f\d2\c1\4b\90\1e\cc\fb\3f"
    "\9c\52\85\dd\9b\19\fc\3f\4b\d1\57\2e\f1\67\fc\3f\69\90\ef\dc\20\b7\fc\3f\7c\89\07\4a\2d\07\fd\3f"
    "\87\a4\fb\dc\18\58\fd\3f\85\32\db\03\e6\a9\fd\3f\5f\9b\7b\33\97\fc\fd\3f\f6\3f\8b\e7\2e\50\fe\3f"
    "\da\90\a4\a2\af\a4\fe\3f\27\5a\61\ee\1b\fa\fe\3f\40\45\6e\5b\76\50\ff\3f\d8\90\9e\81\c1\a7\ff\3f")

  ;; Extraterrestrial normal irradiance [W/m2] at Unix time t [s], through the one-day cache.
  (func $extraAt (param $t f64) (result f64)
    (local $days f64)
    (if (i32.eqz (i32.and (f64.ge (local.get $t) (global.get $dayStart))
                          (f64.lt (local.get $t) (global.get $dayEnd))))
      (then
        (local.set $days (f64.floor (f64.div (local.get $t) (f64.const 86400))))
        (global.set $dayStart (f64.mul (local.get $days) (f64.const 86400)))
        (global.set $dayEnd (f64.add (global.get $dayStart) (f64.const 86400)))
        (global.set $dayExtra (call $extraForDay (local.get $days)))))
    (global.get $dayExtra))

  ;; cos of a zenith angle [deg], one lane: the nearest quarter-degree node k and the series of
  ;; the remainder r [rad] (see trig-tables.ts), or Math.cos outside [0, 360] and for NaN.
  (func $cosDegrees (param $z f64) (result f64)
    (local $k f64) (local $at i32) (local $r f64) (local $r2 f64)
    (if (result f64) (i32.and (f64.ge (local.get $z) (f64.const 0)) (f64.le (local.get $z) (f64.const 360)))
      (then
        (local.set $k (f64.floor (f64.add (f64.mul (local.get $z) (f64.const 4)) (f64.const 0.5))))
        (local.set $at (i32.shl (i32.trunc_f64_s (local.get $k)) (i32.const 4)))
        (local.set $r (f64.mul (f64.sub (local.get $z) (f64.mul (local.get $k) (f64.const 0.25)))
                               (f64.const 0.017453292519943295)))
        (local.set $r2 (f64.mul (local.get $r) (local.get $r)))
        ;; C[k] (1 - r2 (1/2 - r2/24)) - S[k] (r (1 - r2 (1/6 - r2/120)))
        (f64.sub
          (f64.mul (f64.load offset=0 (local.get $at))
                   (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.5) (f64.mul (local.get $r2) (f64.const 0.041666666666666664))))))
          (f64.mul (f64.load offset=8 (local.get $at))
                   (f64.mul (local.get $r)
                            (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.16666666666666666) (f64.mul (local.get $r2) (f64.const 0.008333333333333333)))))))))
      (else (call $cos (f64.mul (local.get $z) (f64.const 0.017453292519943295))))))

  ;; Boland's rows [0, end / 8) after the first pass of decompose, in three short passes (one
  ;; dependent chain each, which the processor overlaps over more pairs of rows than one long one):
  ;; kt and the exponent x = a (kt - b) (kept in the block's dhi column), exp x in place, then the fraction
  ;; 1 / (1 + exp x) and the split. exp x = 2^k 2^(j/64) e^r with n = 64 k + j = nearest(64 x / ln 2)
  ;; and r = x - n ln 2 / 64 (ln 2 / 64 in two parts), |r| <= ln 2 / 128 = 0.0054: 2^(j/64) from the
  ;; module's table of 64 doubles, 2^k added to its exponent bits, e^r by its Taylor series to degree
  ;; 5 (a chain of three products, where the degree-13 series on |r| <= 0.35 had five); within a few
  ;; units in the last place of Math.exp, which the lanes take outside |x| <= 700 and for NaN.
  (func $boland (param $end i32) (param $ghiAt i32) (param $zenithAt i32) (param $ktAt i32) (param $maxKtValue f64)
                (param $a f64) (param $b f64) (param $maxZenith f64) (result i32)
    (local $at i32) (local $slow i32) (local $kt v128) (local $x v128) (local $kk v128) (local $r v128)
    (local $r2 v128) (local $q0 v128) (local $q1 v128) (local $q2 v128)
    (local $p v128) (local $zero v128)
    (local $one v128) (local $half v128) (local $indexBias v128)
    (local $maxKt v128) (local $aLanes v128) (local $bLanes v128) (local $maxZenithLanes v128)
    (local $expLimit v128) (local $sixtyFourOverLn2 v128) (local $ln2High v128) (local $ln2Low v128) (local $c3 v128)
    (local $c4 v128) (local $c5 v128) (local $jMask v128) (local $n v128) (local $nodes v128) (local $t v128)
    (local.set $zero (f64x2.splat (f64.const 0)))
    (local.set $maxKt (f64x2.splat (local.get $maxKtValue)))
    (local.set $aLanes (f64x2.splat (local.get $a)))
    (local.set $bLanes (f64x2.splat (local.get $b)))

    ;; kt = ghi / (E0 max(cos z, minCos)), clipped to [0, maxKt] (the kernel's selects), and x.
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $kt (f64x2.div (v128.load (i32.add (local.get $ghiAt) (local.get $at))) (v128.load offset=155648 (local.get $at))))
        (local.set $kt (f64x2.pmax (local.get $kt) (local.get $zero)))
        (local.set $kt (f64x2.pmin (local.get $kt) (local.get $maxKt)))
        (v128.store (i32.add (local.get $ktAt) (local.get $at)) (local.get $kt))
        (v128.store offset=155648 (local.get $at)
          (f64x2.mul (local.get $aLanes) (f64x2.sub (local.get $kt) (local.get $bLanes))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; exp x, in place.
    (local.set $maxZenithLanes (f64x2.splat (local.get $maxZenith)))
    (local.set $one (global.get $one))
    (local.set $half (global.get $half))
    (local.set $indexBias (global.get $indexBias))
    (local.set $expLimit (global.get $expLimit))
    (local.set $sixtyFourOverLn2 (global.get $sixtyFourOverLn2))
    (local.set $ln2High (global.get $ln2High))
    (local.set $ln2Low (global.get $ln2Low))
    (local.set $c3 (global.get $oneSixth))
    (local.set $c4 (global.get $oneTwentyFourth))
    (local.set $c5 (global.get $oneHundredTwentieth))
    (local.set $jMask (global.get $jMask))
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        ;; Both lanes above maxZenith: DNI and DHI will be 0 and GHI whatever the fraction is, and
        ;; $bolandSplit, which tests the same, does not read exp x: nothing to compute or store.
        (if (i32.ne (i64x2.bitmask (f64x2.gt (v128.load (i32.add (local.get $zenithAt) (local.get $at))) (local.get $maxZenithLanes)))
                    (i32.const 3))
          (then
        (local.set $x (v128.load offset=155648 (local.get $at)))
        (if (i32.eq (i64x2.bitmask (f64x2.le (f64x2.abs (local.get $x)) (local.get $expLimit))) (i32.const 3))
          (then
            ;; n = nearest(64 x / ln 2) = 64 k + j, r = x - n ln 2 / 64 (|r| <= ln 2 / 128).
            (local.set $kk (f64x2.nearest (f64x2.mul (local.get $x) (local.get $sixtyFourOverLn2))))
            (local.set $r (f64x2.sub (f64x2.sub (local.get $x) (f64x2.mul (local.get $kk) (local.get $ln2High)))
                                     (f64x2.mul (local.get $kk) (local.get $ln2Low))))
            ;; n as an integer: the bits of n + 2^52 + 2^51 less those of 2^52 + 2^51.
            (local.set $n (i64x2.sub (f64x2.add (local.get $kk) (local.get $indexBias)) (local.get $indexBias)))
            ;; The byte offsets 8 j of the two lanes' table entries, in i32 lanes 0 and 2.
            (local.set $nodes (i64x2.shl (v128.and (local.get $n) (local.get $jMask)) (i32.const 3)))
            (local.set $t (v128.load64_zero offset=23552 (i32x4.extract_lane 0 (local.get $nodes))))
            (local.set $t (v128.load64_lane offset=23552 1 (i32x4.extract_lane 2 (local.get $nodes)) (local.get $t)))
            ;; 2^(j/64) 2^k: k = n >> 6 added to the exponent bits of the table's 2^(j/64) in [1, 2)
            ;; (|k| <= 1010, so the result stays a normal double); (n >> 6) << 52 is (n & ~63) << 46,
            ;; the same bits without the arithmetic shift that SSE lacks for 64-bit lanes.
            (local.set $t (i64x2.add (local.get $t) (i64x2.shl (v128.andnot (local.get $n) (local.get $jMask)) (i32.const 46))))
            (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
            ;; e^r = (1 + r) + (1/2 + r/3!) r^2 + (1/4! + r/5!) r^4 (the next term is below 4e-17).
            (local.set $q0 (f64x2.add (local.get $one) (local.get $r)))
            (local.set $q1 (f64x2.add (local.get $half) (f64x2.mul (local.get $c3) (local.get $r))))
            (local.set $q2 (f64x2.add (local.get $c4) (f64x2.mul (local.get $c5) (local.get $r))))
            (local.set $p
              (f64x2.mul (local.get $t)
                (f64x2.add (f64x2.add (local.get $q0) (f64x2.mul (local.get $q1) (local.get $r2)))
                           (f64x2.mul (local.get $q2) (f64x2.mul (local.get $r2) (local.get $r2)))))))
          (else
            ;; |x| > 700 or NaN in a lane: Math.exp's pair, written by $bolandExp after this loop.
            (local.set $p (local.get $x))
            (local.set $slow (i32.const 1))))
        (v128.store offset=155648 (local.get $at) (local.get $p))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $slow))

  ;; The pairs of rows that $boland left to Math.exp (a lane with |x| > 700 or NaN, not both lanes
  ;; above maxZenith): exp x lane by lane into the block's dhi column, x recomputed from kt as
  ;; $boland computes it. A loop of its own, so that no call sits in $boland's loops: a call there
  ;; made V8 keep the loop's constants on the stack and reload them at every pair of rows.
  (func $bolandExp (param $end i32) (param $zenithAt i32) (param $ktAt i32) (param $a f64) (param $b f64)
                   (param $maxZenith f64)
    (local $at i32) (local $x v128)
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $x (f64x2.mul (f64x2.splat (local.get $a))
                                 (f64x2.sub (v128.load (i32.add (local.get $ktAt) (local.get $at))) (f64x2.splat (local.get $b)))))
        (if (i32.and (i32.ne (i64x2.bitmask (f64x2.gt (v128.load (i32.add (local.get $zenithAt) (local.get $at)))
                                                          (f64x2.splat (local.get $maxZenith))))
                             (i32.const 3))
                     (i32.ne (i64x2.bitmask (f64x2.le (f64x2.abs (local.get $x)) (global.get $expLimit))) (i32.const 3)))
          (then
            (v128.store offset=155648 (local.get $at)
              (f64x2.replace_lane 1 (f64x2.splat (call $exp (f64x2.extract_lane 0 (local.get $x))))
                                    (call $exp (f64x2.extract_lane 1 (local.get $x)))))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs))))

  ;; Boland's last pass, after $boland (and $bolandExp): the fraction 1 / (1 + exp x) and the split.
  (func $bolandSplit (param $end i32) (param $ghiAt i32) (param $zenithAt i32) (param $dniAt i32) (param $dhiAt i32)
                     (param $maxZenith f64)
    (local $at i32) (local $g v128) (local $dhi v128) (local $dniRaw v128) (local $zeroed v128) (local $zero v128)
    (local $above v128) (local $one v128) (local $maxZenithLanes v128) (local $e v128) (local $w v128) (local $cosZ v128)
    (local $inf v128) (local $eLimit v128)
    (local.set $zero (f64x2.splat (f64.const 0)))
    (local.set $one (global.get $one))
    (local.set $maxZenithLanes (f64x2.splat (local.get $maxZenith)))

    ;; fraction 1 / (1 + exp x), DHI = fraction GHI, DNI = (GHI - DHI) / cos z; DNI 0 and DHI = GHI
    ;; above maxZenith, for GHI < 0 and where DNI < 0.
    (local.set $inf (global.get $inf))
    (local.set $eLimit (global.get $eLimit))
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $g (v128.load (i32.add (local.get $ghiAt) (local.get $at))))
        (local.set $above (f64x2.gt (v128.load (i32.add (local.get $zenithAt) (local.get $at))) (local.get $maxZenithLanes)))
        (if (i32.eq (i64x2.bitmask (local.get $above)) (i32.const 3))
          (then
            ;; Both lanes above maxZenith (the night): DNI +0 and DHI = GHI, as the selects below
            ;; give them, without the two divisions.
            (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $dhiAt) (local.get $at)) (local.get $g)))
          (else
            (local.set $e (v128.load offset=155648 (local.get $at)))
            (local.set $cosZ (v128.load offset=122880 (local.get $at)))
            (if (i32.eq (i64x2.bitmask (v128.and (f64x2.lt (f64x2.abs (local.get $g)) (local.get $inf))
                                                 (f64x2.lt (local.get $e) (local.get $eLimit))))
                        (i32.const 3))
              (then
                ;; Both GHI finite and exp x < 1e300: one division, w = GHI / ((1 + exp x) cos z), then
                ;; DHI = w cos z = GHI / (1 + exp x) and DNI = w exp x = GHI (1 - fraction) / cos z
                ;; (within a few units in the last place of the kernel's two divisions, which lose up
                ;; to two digits more in GHI - DHI).
                (local.set $w (f64x2.div (local.get $g)
                                         (f64x2.mul (f64x2.add (local.get $one) (local.get $e)) (local.get $cosZ))))
                (local.set $dhi (f64x2.mul (local.get $w) (local.get $cosZ)))
                (local.set $dniRaw (f64x2.mul (local.get $w) (local.get $e))))
              (else
                ;; The kernel's own operations (an infinite GHI or exp x gives its NaN and zeros).
                (local.set $dhi (f64x2.mul (f64x2.div (local.get $one) (f64x2.add (local.get $one) (local.get $e)))
                                           (local.get $g)))
                (local.set $dniRaw (f64x2.div (f64x2.sub (local.get $g) (local.get $dhi)) (local.get $cosZ)))))
            (local.set $zeroed (v128.or (local.get $above)
                                        (v128.or (f64x2.lt (local.get $g) (local.get $zero))
                                                 (f64x2.lt (local.get $dniRaw) (local.get $zero)))))
            (v128.store (i32.add (local.get $dniAt) (local.get $at)) (v128.andnot (local.get $dniRaw) (local.get $zeroed)))
            (v128.store (i32.add (local.get $dhiAt) (local.get $at)) (v128.bitselect (local.get $g) (local.get $dhi) (local.get $zeroed)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs))))

  ;; Erbs-Driesse's rows [0, end / 8) after the first pass of decompose, in one pass of its own (as
  ;; the kernel's branch on model 3): GHI below 0 taken as 0 (pmax keeps NaN and -0, as the
  ;; kernel's g < 0 ? 0 : g), kt, the fraction (0.165 above kt 0.792, the quartic above 0.216,
  ;; 1 - 0.09 kt below, both sides computed and selected, each with the kernel's operations in its
  ;; order), DHI = fraction GHI, DNI = (GHI - DHI) / cos z; DNI 0 and DHI = GHI above maxZenith and
  ;; where DNI < 0 (GHI is no longer negative). The coefficients come from globals read into locals
  ;; once, so that they stay in registers.
  (func $erbsDriesse (param $end i32) (param $ghiAt i32) (param $zenithAt i32) (param $dniAt i32) (param $dhiAt i32) (param $ktAt i32) (param $maxZenith f64)
    (local $at i32) (local $g v128) (local $kt v128) (local $fraction v128) (local $dhi v128)
    (local $dniRaw v128) (local $above v128) (local $zero v128) (local $one v128) (local $maxZenithLanes v128)
    (local $q4 v128) (local $q3 v128) (local $q2 v128) (local $q1 v128) (local $q0 v128) (local $slope v128)
    (local $high v128) (local $highKt v128) (local $lowKt v128)
    (local.set $zero (f64x2.splat (f64.const 0)))
    (local.set $one (global.get $one))
    (local.set $maxZenithLanes (f64x2.splat (local.get $maxZenith)))
    (local.set $q4 (v128.load64_splat offset=24064 (i32.const 0)))
    (local.set $q3 (v128.load64_splat offset=24072 (i32.const 0)))
    (local.set $q2 (v128.load64_splat offset=24080 (i32.const 0)))
    (local.set $q1 (v128.load64_splat offset=24088 (i32.const 0)))
    (local.set $q0 (v128.load64_splat offset=24096 (i32.const 0)))
    (local.set $slope (v128.load64_splat offset=24104 (i32.const 0)))
    (local.set $high (v128.load64_splat offset=24112 (i32.const 0)))
    (local.set $highKt (v128.load64_splat offset=24120 (i32.const 0)))
    (local.set $lowKt (v128.load64_splat offset=24128 (i32.const 0)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $g (f64x2.pmax (v128.load (i32.add (local.get $ghiAt) (local.get $at))) (local.get $zero)))
        ;; kt = ghi / (E0 max(cos z, minCos)), clipped to [0, 1]: the kernel's own selects.
        (local.set $kt (f64x2.div (local.get $g) (v128.load offset=155648 (local.get $at))))
        (local.set $kt (f64x2.pmax (local.get $kt) (local.get $zero)))
        (local.set $kt (f64x2.pmin (local.get $kt) (local.get $one)))
        (v128.store (i32.add (local.get $ktAt) (local.get $at)) (local.get $kt))
        (local.set $above (f64x2.gt (v128.load (i32.add (local.get $zenithAt) (local.get $at))) (local.get $maxZenithLanes)))
        (if (i32.eq (i64x2.bitmask (local.get $above)) (i32.const 3))
          (then
            ;; Both lanes above maxZenith (the night): DNI +0 and DHI = GHI, as the selects below
            ;; give them, without the fraction and the division.
            (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $dhiAt) (local.get $at)) (local.get $g)))
          (else
            ;; ((((q4 kt - q3) kt + q2) kt - q1) kt + q0) above kt 0.216, 1 - 0.09 kt below, 0.165 above 0.792.
            (local.set $fraction
              (v128.bitselect
                (f64x2.add
                  (f64x2.mul
                    (f64x2.sub
                      (f64x2.mul
                        (f64x2.add
                          (f64x2.mul (f64x2.sub (f64x2.mul (local.get $q4) (local.get $kt)) (local.get $q3)) (local.get $kt))
                          (local.get $q2))
                        (local.get $kt))
                      (local.get $q1))
                    (local.get $kt))
                  (local.get $q0))
                (f64x2.sub (local.get $one) (f64x2.mul (local.get $slope) (local.get $kt)))
                (f64x2.gt (local.get $kt) (local.get $lowKt))))
            (local.set $fraction (v128.bitselect (local.get $high) (local.get $fraction)
                                                 (f64x2.gt (local.get $kt) (local.get $highKt))))
            (local.set $dhi (f64x2.mul (local.get $fraction) (local.get $g)))
            (local.set $dniRaw (f64x2.div (f64x2.sub (local.get $g) (local.get $dhi))
                                          (v128.load offset=122880 (local.get $at))))
            (local.set $above (v128.or (local.get $above) (f64x2.lt (local.get $dniRaw) (local.get $zero))))
            (v128.store (i32.add (local.get $dniAt) (local.get $at)) (v128.andnot (local.get $dniRaw) (local.get $above)))
            (v128.store (i32.add (local.get $dhiAt) (local.get $at)) (v128.bitselect (local.get $g) (local.get $dhi) (local.get $above)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs))))

  ;; Rows [0, rows) at the given addresses, in two passes (as erbsKernel): the first keeps cos z, the kt
  ;; denominator and the extraterrestrial irradiance in the block's dni, dhi and kt columns, the
  ;; second reads them back and writes the results at dniAt, dhiAt and ktAt.
  ;; Two short passes run faster than one long one: the processor overlaps more pairs of rows
  ;; when each pair's chain of dependent operations is shorter.
  ;; mode 0: the third column holds times and the extraterrestrial irradiance comes from them;
  ;; 1: it holds dniExtra; 2: dniExtra is the one value extraScalar.
  (func (export "decompose") (param $rows i32) (param $ghiAt i32) (param $zenithAt i32) (param $thirdAt i32)
                      (param $dniAt i32) (param $dhiAt i32) (param $ktAt i32) (param $mode i32) (param $extraScalar f64)
                      (param $minCos f64) (param $maxZenith f64) (param $model i32) (param $maxKtValue f64)
                      (param $bolandA f64) (param $bolandB f64) (param $nightAboveValue f64)
    (local $at i32) (local $end i32) (local $node0 i32) (local $node1 i32)
    (local $t v128) (local $inDay v128) (local $dayStart v128) (local $dayEnd v128) (local $dayExtra v128)
    (local $extra v128) (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128)
    (local $pair1 v128) (local $r v128) (local $r2 v128) (local $cosZ v128) (local $g v128)
    (local $kt v128) (local $fraction v128) (local $dhi v128) (local $dniRaw v128) (local $zeroed v128)
    (local $minCosLanes v128) (local $maxKt v128) (local $x v128) (local $kk v128) (local $p v128) (local $maxZenithLanes v128)
    (local $fullTurn v128) (local $four v128) (local $half v128) (local $quarter v128)
    (local $radiansPerDegree v128) (local $one v128) (local $oneSixth v128)
    (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128) (local $indexBias v128)
    (local $nightAbove v128) (local $halfTurn v128) (local $minusOne v128) (local $zero v128)
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (local.set $fullTurn (global.get $fullTurn))
    (local.set $four (global.get $four))
    (local.set $half (global.get $half))
    (local.set $quarter (global.get $quarter))
    (local.set $radiansPerDegree (global.get $radiansPerDegree))
    (local.set $one (global.get $one))
    (local.set $oneSixth (global.get $oneSixth))
    (local.set $oneTwentyFourth (global.get $oneTwentyFourth))
    (local.set $oneHundredTwentieth (global.get $oneHundredTwentieth))
    (local.set $indexBias (global.get $indexBias))
    (local.set $minCosLanes (f64x2.splat (local.get $minCos)))
    (local.set $maxKt (f64x2.splat (local.get $maxKtValue)))
    (local.set $maxZenithLanes (f64x2.splat (local.get $maxZenith)))
    (local.set $dayStart (f64x2.splat (global.get $dayStart)))
    (local.set $dayEnd (f64x2.splat (global.get $dayEnd)))
    (local.set $dayExtra (f64x2.splat (global.get $dayExtra)))
    (local.set $extra (f64x2.splat (local.get $extraScalar)))
    (local.set $nightAbove (f64x2.splat (local.get $nightAboveValue)))
    (local.set $halfTurn (global.get $halfTurn))
    (local.set $minusOne (global.get $minusOne))
    (local.set $zero (f64x2.splat (f64.const 0)))

    ;; First pass: extraterrestrial irradiance, cos z, and the kt denominator E0 max(cos z, minCos).
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (if (i32.eqz (local.get $mode))
          (then
            (local.set $t (v128.load (i32.add (local.get $thirdAt) (local.get $at))))
            (local.set $inDay (v128.and (f64x2.ge (local.get $t) (local.get $dayStart))
                                        (f64x2.lt (local.get $t) (local.get $dayEnd))))
            (if (i32.eq (i64x2.bitmask (local.get $inDay)) (i32.const 3))
              (then (local.set $extra (local.get $dayExtra)))
              (else
                ;; A new day in one lane or both: lane by lane through the cache, as the kernel.
                (local.set $extra (f64x2.splat (call $extraAt (f64x2.extract_lane 0 (local.get $t)))))
                (local.set $extra (f64x2.replace_lane 1 (local.get $extra)
                                    (call $extraAt (f64x2.extract_lane 1 (local.get $t)))))
                (local.set $dayStart (f64x2.splat (global.get $dayStart)))
                (local.set $dayEnd (f64x2.splat (global.get $dayEnd)))
                (local.set $dayExtra (f64x2.splat (global.get $dayExtra))))))
          (else
            (if (i32.eq (local.get $mode) (i32.const 1))
              (then (local.set $extra (v128.load (i32.add (local.get $thirdAt) (local.get $at))))))))

        ;; cos z: both lanes in [0, 360] take the node table here; otherwise one lane at a time.
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.gt (local.get $z) (local.get $nightAbove))
                                             (f64x2.le (local.get $z) (local.get $halfTurn))))
                    (i32.const 3))
          (then
            ;; Both lanes in (max(90, maxZenith), 180], the night, with minCos >= 0: cos z < 0 <= minCos
            ;; gives the denominator E0 minCos, and DNI and DHI are set to 0 and GHI whatever cos z
            ;; is: -1 serves, bit for bit, without the cosine.
            (local.set $cosZ (local.get $minusOne)))
          (else
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zero))
                                             (f64x2.le (local.get $z) (local.get $fullTurn))))
                    (i32.const 3))
          (then
            ;; The nearest node k and its byte offset 16 k: k + 2^52 + 2^51 holds k in the low 32 bits
            ;; of its double, i32 lanes 0 and 2 (one addition, where a conversion takes four).
            (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $z) (local.get $four))
                                                  (local.get $half))))
            (local.set $nodes (i32x4.shl (f64x2.add (local.get $k) (local.get $indexBias)) (i32.const 4)))
            (local.set $node0 (i32x4.extract_lane 0 (local.get $nodes)))
            (local.set $node1 (i32x4.extract_lane 2 (local.get $nodes)))
            ;; (cos, sin) of each lane's node.
            (local.set $pair0 (v128.load (local.get $node0)))
            (local.set $pair1 (v128.load (local.get $node1)))
            (local.set $r (f64x2.mul (f64x2.sub (local.get $z) (f64x2.mul (local.get $k) (local.get $quarter)))
                                     (local.get $radiansPerDegree)))
            (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
            ;; C[k] (1 - r2 (1/2 - r2/24)) - S[k] (r (1 - r2 (1/6 - r2/120)))
            (local.set $cosZ
              (f64x2.sub
                (f64x2.mul
                  (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $pair0) (local.get $pair1))
                  (f64x2.sub (local.get $one)
                             (f64x2.mul (local.get $r2)
                                        (f64x2.sub (local.get $half)
                                                   (f64x2.mul (local.get $r2) (local.get $oneTwentyFourth))))))
                (f64x2.mul
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $pair0) (local.get $pair1))
                  (f64x2.mul (local.get $r)
                             (f64x2.sub (local.get $one)
                                        (f64x2.mul (local.get $r2)
                                                   (f64x2.sub (local.get $oneSixth)
                                                              (f64x2.mul (local.get $r2) (local.get $oneHundredTwentieth))))))))))
          (else
            (local.set $cosZ (f64x2.splat (call $cosDegrees (f64x2.extract_lane 0 (local.get $z)))))
            (local.set $cosZ (f64x2.replace_lane 1 (local.get $cosZ)
                               (call $cosDegrees (f64x2.extract_lane 1 (local.get $z)))))))
        ;; The table's exact 0 at 90 deg: the kernel takes Math.cos there (6e-17), lane by lane.
        (if (i32.ne (i64x2.bitmask (f64x2.eq (local.get $cosZ) (local.get $zero))) (i32.const 0))
          (then
            (if (f64.eq (f64x2.extract_lane 0 (local.get $cosZ)) (f64.const 0))
              (then (local.set $cosZ (f64x2.replace_lane 0 (local.get $cosZ)
                      (call $cos (f64.mul (f64x2.extract_lane 0 (local.get $z)) (f64.const 0.017453292519943295)))))))
            (if (f64.eq (f64x2.extract_lane 1 (local.get $cosZ)) (f64.const 0))
              (then (local.set $cosZ (f64x2.replace_lane 1 (local.get $cosZ)
                      (call $cos (f64.mul (f64x2.extract_lane 1 (local.get $z)) (f64.const 0.017453292519943295)))))))))))
        ;; pmax(a, b) is a < b ? b : a: the kernel's cosZ < minCos ? minCos : cosZ.
        (v128.store offset=188416 (local.get $at) (local.get $extra))
        (v128.store offset=122880 (local.get $at) (local.get $cosZ))
        (v128.store offset=155648 (local.get $at)
          (f64x2.mul (local.get $extra) (f64x2.pmax (local.get $cosZ) (local.get $minCosLanes))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; Erbs-Driesse: a pass of its own (see $erbsDriesse).
    (if (i32.eq (local.get $model) (i32.const 3))
      (then
        (call $erbsDriesse (local.get $end) (local.get $ghiAt) (local.get $zenithAt) (local.get $dniAt) (local.get $dhiAt) (local.get $ktAt) (local.get $maxZenith))
        (return)))

    ;; Boland: passes of its own (see $boland, $bolandExp, $bolandSplit).
    (if (i32.eq (local.get $model) (i32.const 2))
      (then
        (if (call $boland (local.get $end) (local.get $ghiAt) (local.get $zenithAt) (local.get $ktAt) (local.get $maxKtValue)
                          (local.get $bolandA) (local.get $bolandB) (local.get $maxZenith))
          (then (call $bolandExp (local.get $end) (local.get $zenithAt) (local.get $ktAt) (local.get $bolandA)
                                 (local.get $bolandB) (local.get $maxZenith))))
        (call $bolandSplit (local.get $end) (local.get $ghiAt) (local.get $zenithAt) (local.get $dniAt) (local.get $dhiAt)
                           (local.get $maxZenith))
        (return)))

    ;; Second pass (Orgill-Hollands, Louche): kt, the model's DNI and DHI, and the split.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $g (v128.load (i32.add (local.get $ghiAt) (local.get $at))))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (local.set $cosZ (v128.load offset=122880 (local.get $at)))
        (local.set $extra (v128.load offset=188416 (local.get $at)))
        ;; kt = ghi / (E0 max(cos z, minCos)), clipped to [0, maxKt]: the kernel's own selects.
        (local.set $kt (f64x2.div (local.get $g) (v128.load offset=155648 (local.get $at))))
        (local.set $kt (f64x2.pmax (local.get $kt) (local.get $zero)))
        (local.set $kt (f64x2.pmin (local.get $kt) (local.get $maxKt)))
        (v128.store (i32.add (local.get $ktAt) (local.get $at)) (local.get $kt))
        (if (i32.eqz (local.get $model))
          (then
            ;; Orgill-Hollands: 0.177 above kt 0.75, 1.557 - 1.84 kt from 0.35, 1 - 0.249 kt below.
            (local.set $fraction
              (v128.bitselect
                (f64x2.sub (f64x2.splat (f64.const 1.557)) (f64x2.mul (f64x2.splat (f64.const 1.84)) (local.get $kt)))
                (f64x2.sub (local.get $one) (f64x2.mul (f64x2.splat (f64.const 0.249)) (local.get $kt)))
                (f64x2.ge (local.get $kt) (f64x2.splat (f64.const 0.35)))))
            (local.set $fraction (v128.bitselect (f64x2.splat (f64.const 0.177)) (local.get $fraction)
                                                 (f64x2.gt (local.get $kt) (f64x2.splat (f64.const 0.75)))))
            (local.set $dhi (f64x2.mul (local.get $fraction) (local.get $g)))
            (local.set $dniRaw (f64x2.div (f64x2.sub (local.get $g) (local.get $dhi)) (local.get $cosZ))))
          (else
            ;; Louche: kb = kt (kt (kt (kt (-10.627 kt + 15.307) - 5.205) + 0.994) - 0.059) + 0.002,
            ;; DNI = kb E0, DHI = GHI - DNI cos z.
            (local.set $dniRaw
              (f64x2.mul
                (f64x2.add
                  (f64x2.mul (local.get $kt)
                    (f64x2.sub
                      (f64x2.mul (local.get $kt)
                        (f64x2.add
                          (f64x2.mul (local.get $kt)
                            (f64x2.sub
                              (f64x2.mul (local.get $kt)
                                (f64x2.add (f64x2.mul (local.get $kt) (f64x2.splat (f64.const -10.627)))
                                           (f64x2.splat (f64.const 15.307))))
                              (f64x2.splat (f64.const 5.205))))
                          (f64x2.splat (f64.const 0.994))))
                      (f64x2.splat (f64.const 0.059))))
                  (f64x2.splat (f64.const 0.002)))
                (local.get $extra)))
            (local.set $dhi (f64x2.sub (local.get $g) (f64x2.mul (local.get $dniRaw) (local.get $cosZ))))))
        ;; DNI 0 and DHI = GHI above maxZenith, for GHI < 0 and where DNI < 0.
        (local.set $zeroed (v128.or (f64x2.gt (local.get $z) (local.get $maxZenithLanes))
                                    (v128.or (f64x2.lt (local.get $g) (local.get $zero))
                                             (f64x2.lt (local.get $dniRaw) (local.get $zero)))))
        (v128.store (i32.add (local.get $dniAt) (local.get $at)) (v128.andnot (local.get $dniRaw) (local.get $zeroed)))
        (v128.store (i32.add (local.get $dhiAt) (local.get $at)) (v128.bitselect (local.get $g) (local.get $dhi) (local.get $zeroed)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
