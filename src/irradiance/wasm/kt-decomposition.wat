;; The Orgill-Hollands (1977), Boland et al. (2001) and Louche et al. (1991) decompositions over one block of rows, two
;; rows at a time in f64x2 lanes: the WebAssembly SIMD form of ktKernel in ../diffuse-fraction.ts,
;; which stays the reference. Built from erbs.wat (the same first pass: extraterrestrial
;; irradiance, cos z, the kt denominator); every value is computed with the same IEEE operations in
;; the same order as the TypeScript kernel, so the results are the same doubles, bit for bit;
;; except Boland's exp, computed here in the lanes (a degree-13 series in Estrin's scheme after
;; reduction by ln 2, in passes of its own: $boland),
;; which is within a few units in the last place of Math.exp (Math.exp outside |x| <= 700 and NaN).
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into kt-decomposition.wasm.ts.
;;
;; Memory: as erbs.wat; the first pass also keeps the extraterrestrial irradiance in the kt column.
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

  ;; Boland's exponential (see $boland): the bound |x| <= 700 of the lanes' own form, 1 / ln 2, ln 2 in
  ;; two parts (the first exact in 32 bits), the Taylor coefficients 1/k! for k = 3 ... 13, and the
  ;; exponent bias of a double.
  (global $expLimit (mut v128) (v128.const f64x2 700 700))
  (global $log2e (mut v128) (v128.const f64x2 1.4426950408889634 1.4426950408889634))
  (global $ln2High (mut v128) (v128.const f64x2 0.6931471803691238 0.6931471803691238))
  (global $ln2Low (mut v128) (v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10))
  (global $c3 (mut v128) (v128.const f64x2 0.16666666666666666 0.16666666666666666))
  (global $c4 (mut v128) (v128.const f64x2 4.1666666666666664e-2 4.1666666666666664e-2))
  (global $c5 (mut v128) (v128.const f64x2 8.333333333333333e-3 8.333333333333333e-3))
  (global $c6 (mut v128) (v128.const f64x2 1.388888888888889e-3 1.388888888888889e-3))
  (global $c7 (mut v128) (v128.const f64x2 1.984126984126984e-4 1.984126984126984e-4))
  (global $c8 (mut v128) (v128.const f64x2 2.48015873015873e-5 2.48015873015873e-5))
  (global $c9 (mut v128) (v128.const f64x2 2.7557319223985893e-6 2.7557319223985893e-6))
  (global $c10 (mut v128) (v128.const f64x2 2.755731922398589e-7 2.755731922398589e-7))
  (global $c11 (mut v128) (v128.const f64x2 2.505210838544172e-8 2.505210838544172e-8))
  (global $c12 (mut v128) (v128.const f64x2 2.08767569878681e-9 2.08767569878681e-9))
  (global $c13 (mut v128) (v128.const f64x2 1.6059043836821613e-10 1.6059043836821613e-10))
  (global $exponentBias (mut v128) (v128.const i64x2 1023 1023))

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
  ;; kt and the exponent x = a (kt - b) (kept in the dhi column), exp x in place, then the fraction
  ;; 1 / (1 + exp x) and the split. exp x = 2^k e^r with k = nearest(x / ln 2) and r = x - k ln 2
  ;; (ln 2 in two parts), |r| <= 0.35, e^r by its Taylor series to degree 13 in Estrin's scheme
  ;; (powers r^2, r^4, r^8: a chain of five products where Horner's rule has thirteen), 2^k built
  ;; in the exponent bits; within a few units in the last place of Math.exp, which the lanes take
  ;; outside |x| <= 700 and for NaN.
  (func $boland (param $end i32) (param $maxKtValue f64) (param $a f64) (param $b f64) (param $maxZenith f64)
    (local $at i32) (local $g v128) (local $kt v128) (local $x v128) (local $kk v128) (local $r v128)
    (local $r2 v128) (local $r4 v128) (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128)
    (local $q4 v128) (local $q5 v128) (local $q6 v128) (local $s0 v128) (local $s1 v128) (local $s2 v128)
    (local $p v128) (local $dhi v128) (local $dniRaw v128) (local $zeroed v128) (local $zero v128) (local $above v128)
    (local $one v128) (local $half v128) (local $indexBias v128) (local $exponentBias v128)
    (local $maxKt v128) (local $aLanes v128) (local $bLanes v128) (local $maxZenithLanes v128)
    (local $expLimit v128) (local $log2e v128) (local $ln2High v128) (local $ln2Low v128) (local $c3 v128) (local $c4 v128) (local $c5 v128) (local $c6 v128) (local $c7 v128) (local $c8 v128) (local $c9 v128) (local $c10 v128) (local $c11 v128) (local $c12 v128) (local $c13 v128)
    (local.set $zero (v128.const f64x2 0 0))
    (local.set $maxKt (f64x2.splat (local.get $maxKtValue)))
    (local.set $aLanes (f64x2.splat (local.get $a)))
    (local.set $bLanes (f64x2.splat (local.get $b)))

    ;; kt = ghi / (E0 max(cos z, minCos)), clipped to [0, maxKt] (the kernel's selects), and x.
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $kt (f64x2.div (v128.load offset=24576 (local.get $at)) (v128.load offset=155648 (local.get $at))))
        (local.set $kt (f64x2.pmax (local.get $kt) (local.get $zero)))
        (local.set $kt (f64x2.pmin (local.get $kt) (local.get $maxKt)))
        (v128.store offset=188416 (local.get $at) (local.get $kt))
        (v128.store offset=155648 (local.get $at)
          (f64x2.mul (local.get $aLanes) (f64x2.sub (local.get $kt) (local.get $bLanes))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; exp x, in place.
    (local.set $maxZenithLanes (f64x2.splat (local.get $maxZenith)))
    (local.set $one (global.get $one))
    (local.set $half (global.get $half))
    (local.set $indexBias (global.get $indexBias))
    (local.set $exponentBias (global.get $exponentBias))
    (local.set $expLimit (global.get $expLimit))
    (local.set $log2e (global.get $log2e))
    (local.set $ln2High (global.get $ln2High))
    (local.set $ln2Low (global.get $ln2Low))
    (local.set $c3 (global.get $c3))
    (local.set $c4 (global.get $c4))
    (local.set $c5 (global.get $c5))
    (local.set $c6 (global.get $c6))
    (local.set $c7 (global.get $c7))
    (local.set $c8 (global.get $c8))
    (local.set $c9 (global.get $c9))
    (local.set $c10 (global.get $c10))
    (local.set $c11 (global.get $c11))
    (local.set $c12 (global.get $c12))
    (local.set $c13 (global.get $c13))
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $x (v128.load offset=155648 (local.get $at)))
        ;; Both lanes above maxZenith: DNI and DHI will be 0 and GHI whatever the fraction is.
        (if (i32.eq (i64x2.bitmask (f64x2.gt (v128.load offset=57344 (local.get $at)) (local.get $maxZenithLanes)))
                    (i32.const 3))
          (then (local.set $p (local.get $zero)))
          (else
        (if (i32.eq (i64x2.bitmask (f64x2.le (f64x2.abs (local.get $x)) (local.get $expLimit))) (i32.const 3))
          (then
            (local.set $kk (f64x2.nearest (f64x2.mul (local.get $x) (local.get $log2e))))
            (local.set $r (f64x2.sub (f64x2.sub (local.get $x) (f64x2.mul (local.get $kk) (local.get $ln2High)))
                                     (f64x2.mul (local.get $kk) (local.get $ln2Low))))
            (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
            (local.set $r4 (f64x2.mul (local.get $r2) (local.get $r2)))
            ;; (1 + r) + (1/2 + r/3!) r^2 + ((1/4! + r/5!) + (1/6! + r/7!) r^2) r^4
            ;;   + (((1/8! + r/9!) + (1/10! + r/11!) r^2) + (1/12! + r/13!) r^4) r^8
            (local.set $q0 (f64x2.add (local.get $one) (local.get $r)))
            (local.set $q1 (f64x2.add (local.get $half) (f64x2.mul (local.get $c3) (local.get $r))))
            (local.set $q2 (f64x2.add (local.get $c4) (f64x2.mul (local.get $c5) (local.get $r))))
            (local.set $q3 (f64x2.add (local.get $c6) (f64x2.mul (local.get $c7) (local.get $r))))
            (local.set $q4 (f64x2.add (local.get $c8) (f64x2.mul (local.get $c9) (local.get $r))))
            (local.set $q5 (f64x2.add (local.get $c10) (f64x2.mul (local.get $c11) (local.get $r))))
            (local.set $q6 (f64x2.add (local.get $c12) (f64x2.mul (local.get $c13) (local.get $r))))
            (local.set $s0 (f64x2.add (local.get $q0) (f64x2.mul (local.get $q1) (local.get $r2))))
            (local.set $s1 (f64x2.add (local.get $q2) (f64x2.mul (local.get $q3) (local.get $r2))))
            (local.set $s2 (f64x2.add (local.get $q4) (f64x2.mul (local.get $q5) (local.get $r2))))
            (local.set $p
              (f64x2.add (f64x2.add (local.get $s0) (f64x2.mul (local.get $s1) (local.get $r4)))
                         (f64x2.mul (f64x2.add (local.get $s2) (f64x2.mul (local.get $q6) (local.get $r4)))
                                    (f64x2.mul (local.get $r4) (local.get $r4)))))
            ;; 2^k: the bits of k + 2^52 + 2^51 less those of 2^52 + 2^51 are k; (k + 1023) << 52.
            (local.set $p (f64x2.mul (local.get $p)
              (i64x2.shl (i64x2.add (i64x2.sub (f64x2.add (local.get $kk) (local.get $indexBias)) (local.get $indexBias))
                                    (local.get $exponentBias))
                         (i32.const 52)))))
          (else
            (local.set $p (f64x2.splat (call $exp (f64x2.extract_lane 0 (local.get $x)))))
            (local.set $p (f64x2.replace_lane 1 (local.get $p) (call $exp (f64x2.extract_lane 1 (local.get $x)))))))))
        (v128.store offset=155648 (local.get $at) (local.get $p))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; fraction 1 / (1 + exp x), DHI = fraction GHI, DNI = (GHI - DHI) / cos z; DNI 0 and DHI = GHI
    ;; above maxZenith, for GHI < 0 and where DNI < 0.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $g (v128.load offset=24576 (local.get $at)))
        (local.set $above (f64x2.gt (v128.load offset=57344 (local.get $at)) (local.get $maxZenithLanes)))
        (if (i32.eq (i64x2.bitmask (local.get $above)) (i32.const 3))
          (then
            ;; Both lanes above maxZenith (the night): DNI +0 and DHI = GHI, as the selects below
            ;; give them, without the two divisions.
            (v128.store offset=122880 (local.get $at) (local.get $zero))
            (v128.store offset=155648 (local.get $at) (local.get $g)))
          (else
            (local.set $dhi (f64x2.mul (f64x2.div (local.get $one) (f64x2.add (local.get $one) (v128.load offset=155648 (local.get $at))))
                                       (local.get $g)))
            (local.set $dniRaw (f64x2.div (f64x2.sub (local.get $g) (local.get $dhi)) (v128.load offset=122880 (local.get $at))))
            (local.set $zeroed (v128.or (local.get $above)
                                        (v128.or (f64x2.lt (local.get $g) (local.get $zero))
                                                 (f64x2.lt (local.get $dniRaw) (local.get $zero)))))
            (v128.store offset=122880 (local.get $at) (v128.andnot (local.get $dniRaw) (local.get $zeroed)))
            (v128.store offset=155648 (local.get $at) (v128.bitselect (local.get $g) (local.get $dhi) (local.get $zeroed)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs))))

  ;; Rows [0, rows) of the block, in two passes (as erbsKernel): the first keeps cos z and the kt
  ;; denominator in the dni and dhi columns, the second reads them back and writes the results.
  ;; Two short passes run faster than one long one: the processor overlaps more pairs of rows
  ;; when each pair's chain of dependent operations is shorter.
  ;; mode 0: the third column holds times and the extraterrestrial irradiance comes from them;
  ;; 1: it holds dniExtra; 2: dniExtra is the one value extraScalar.
  (func (export "decompose") (param $rows i32) (param $mode i32) (param $extraScalar f64)
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
    (local $nightAbove v128) (local $halfTurn v128) (local $minusOne v128)
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

    ;; First pass: extraterrestrial irradiance, cos z, and the kt denominator E0 max(cos z, minCos).
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (if (i32.eqz (local.get $mode))
          (then
            (local.set $t (v128.load offset=90112 (local.get $at)))
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
              (then (local.set $extra (v128.load offset=90112 (local.get $at)))))))

        ;; cos z: both lanes in [0, 360] take the node table here; otherwise one lane at a time.
        (local.set $z (v128.load offset=57344 (local.get $at)))
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.gt (local.get $z) (local.get $nightAbove))
                                             (f64x2.le (local.get $z) (local.get $halfTurn))))
                    (i32.const 3))
          (then
            ;; Both lanes in (max(90, maxZenith), 180], the night, with minCos >= 0: cos z < 0 <= minCos
            ;; gives the denominator E0 minCos, and DNI and DHI are set to 0 and GHI whatever cos z
            ;; is: -1 serves, bit for bit, without the cosine.
            (local.set $cosZ (local.get $minusOne)))
          (else
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (v128.const f64x2 0 0))
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
        (if (i32.ne (i64x2.bitmask (f64x2.eq (local.get $cosZ) (v128.const f64x2 0 0))) (i32.const 0))
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

    ;; Boland: three passes of its own (see $boland).
    (if (i32.eq (local.get $model) (i32.const 2))
      (then
        (call $boland (local.get $end) (local.get $maxKtValue) (local.get $bolandA) (local.get $bolandB)
                      (local.get $maxZenith))
        (return)))

    ;; Second pass (Orgill-Hollands, Louche): kt, the model's DNI and DHI, and the split.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $g (v128.load offset=24576 (local.get $at)))
        (local.set $z (v128.load offset=57344 (local.get $at)))
        (local.set $cosZ (v128.load offset=122880 (local.get $at)))
        (local.set $extra (v128.load offset=188416 (local.get $at)))
        ;; kt = ghi / (E0 max(cos z, minCos)), clipped to [0, maxKt]: the kernel's own selects.
        (local.set $kt (f64x2.div (local.get $g) (v128.load offset=155648 (local.get $at))))
        (local.set $kt (f64x2.pmax (local.get $kt) (v128.const f64x2 0 0)))
        (local.set $kt (f64x2.pmin (local.get $kt) (local.get $maxKt)))
        (v128.store offset=188416 (local.get $at) (local.get $kt))
        (if (i32.eqz (local.get $model))
          (then
            ;; Orgill-Hollands: 0.177 above kt 0.75, 1.557 - 1.84 kt from 0.35, 1 - 0.249 kt below.
            (local.set $fraction
              (v128.bitselect
                (f64x2.sub (v128.const f64x2 1.557 1.557) (f64x2.mul (v128.const f64x2 1.84 1.84) (local.get $kt)))
                (f64x2.sub (local.get $one) (f64x2.mul (v128.const f64x2 0.249 0.249) (local.get $kt)))
                (f64x2.ge (local.get $kt) (v128.const f64x2 0.35 0.35))))
            (local.set $fraction (v128.bitselect (v128.const f64x2 0.177 0.177) (local.get $fraction)
                                                 (f64x2.gt (local.get $kt) (v128.const f64x2 0.75 0.75))))
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
                                (f64x2.add (f64x2.mul (local.get $kt) (v128.const f64x2 -10.627 -10.627))
                                           (v128.const f64x2 15.307 15.307)))
                              (v128.const f64x2 5.205 5.205)))
                          (v128.const f64x2 0.994 0.994)))
                      (v128.const f64x2 0.059 0.059)))
                  (v128.const f64x2 0.002 0.002))
                (local.get $extra)))
            (local.set $dhi (f64x2.sub (local.get $g) (f64x2.mul (local.get $dniRaw) (local.get $cosZ))))))
        ;; DNI 0 and DHI = GHI above maxZenith, for GHI < 0 and where DNI < 0.
        (local.set $zeroed (v128.or (f64x2.gt (local.get $z) (local.get $maxZenithLanes))
                                    (v128.or (f64x2.lt (local.get $g) (v128.const f64x2 0 0))
                                             (f64x2.lt (local.get $dniRaw) (v128.const f64x2 0 0)))))
        (v128.store offset=122880 (local.get $at) (v128.andnot (local.get $dniRaw) (local.get $zeroed)))
        (v128.store offset=155648 (local.get $at) (v128.bitselect (local.get $g) (local.get $dhi) (local.get $zeroed)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
