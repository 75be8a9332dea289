;; The Campbell & Norman (1998) sky over one block of rows, two rows at a time in f64x2 lanes: the
;; WebAssembly SIMD form of campbellNormanKernel in ../campbell-norman.ts, which stays the
;; reference, for a zenith column with one transmittance (> 0), pressure and dniExtra. cos z comes
;; from the same quarter-degree node table and remainder series as the kernel (the same doubles),
;; and tau^m = exp(m ln tau) from the module's own exponential (as Boland's in
;; kt-decomposition.wat: a degree-13 series in Estrin's scheme after reduction by ln 2), within a
;; few units in the last place of Math.exp, which the lanes take outside |x| <= 700 and for NaN.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into campbell-norman.wasm.ts.
;;
;; Memory (byte offsets): [0, 23056) the (cos, sin) pairs of the 1441 quarter-degree nodes
;; (trig-tables.ts); then 4096-row columns of doubles: zenith, and the results dni, dhi, ghi (ghi
;; holds cos z and dni tau^m between the passes).
(module
  ;; Math.cos, for zenith angles outside [0, 360] (and NaN), where the kernel calls it too.
  (import "js" "cos" (func $cos (param f64) (result f64)))
  ;; Math.exp, for exponents outside [-700, 700] and NaN.
  (import "js" "exp" (func $exp (param f64) (result f64)))

  (memory (export "memory") 4)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "nodeTable") i32 (i32.const 0))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "zenith") i32 (i32.const 24576))
  (global (export "dni") i32 (i32.const 57344))
  (global (export "dhi") i32 (i32.const 90112))
  (global (export "ghi") i32 (i32.const 122880))

  ;; The constants of the loops, as mutable globals that each loop reads into locals once: V8
  ;; rebuilds a v128.const at every use (see kt-decomposition.wat). Nothing writes them.
  (global $fullTurn (mut v128) (v128.const f64x2 360 360))
  (global $four (mut v128) (v128.const f64x2 4 4))
  (global $half (mut v128) (v128.const f64x2 0.5 0.5))
  (global $quarter (mut v128) (v128.const f64x2 0.25 0.25))
  (global $radiansPerDegree (mut v128) (v128.const f64x2 0.017453292519943295 0.017453292519943295))
  (global $one (mut v128) (v128.const f64x2 1 1))
  (global $oneSixth (mut v128) (v128.const f64x2 0.16666666666666666 0.16666666666666666))
  (global $oneTwentyFourth (mut v128) (v128.const f64x2 0.041666666666666664 0.041666666666666664))
  (global $oneHundredTwentieth (mut v128) (v128.const f64x2 0.008333333333333333 0.008333333333333333))
  ;; 2^52 + 2^51: added to a whole number k in [0, 1440], it leaves k in the low 32 bits of the lane.
  (global $indexBias (mut v128) (v128.const f64x2 0x1.8p52 0x1.8p52))
  (global $zero (mut v128) (v128.const f64x2 0 0))
  (global $nan (mut v128) (v128.const f64x2 nan nan))
  (global $ninety (mut v128) (v128.const f64x2 90 90))
  (global $liuJordan (mut v128) (v128.const f64x2 0.3 0.3))
  ;; The exponential: the bound |x| <= 700 of the lanes' own form, 1 / ln 2, ln 2 in two parts (the
  ;; first exact in 32 bits), the Taylor coefficients 1/k! for k = 3 ... 13, the exponent bias.
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
;; Below this exponent exp is 0 in doubles (the least subnormal is exp(-744.4)).
  (global $underflow (mut v128) (v128.const f64x2 -746 -746))
  (global $exponentBias (mut v128) (v128.const i64x2 1023 1023))

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
        (f64.sub
          (f64.mul (f64.load offset=0 (local.get $at))
                   (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.5) (f64.mul (local.get $r2) (f64.const 0.041666666666666664))))))
          (f64.mul (f64.load offset=8 (local.get $at))
                   (f64.mul (local.get $r)
                            (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.16666666666666666) (f64.mul (local.get $r2) (f64.const 0.008333333333333333)))))))))
      (else (call $cos (f64.mul (local.get $z) (f64.const 0.017453292519943295))))))

  ;; Rows [0, rows) of the block in three short passes (one dependent chain each): cos z into the
  ;; ghi column; the air mass m and tau^m = exp(m ln tau) into the dni column; then DNI, DHI, GHI.
  (func (export "run") (param $rows i32) (param $logTau f64) (param $pressureRatioValue f64) (param $dniExtra f64)
    (local $at i32) (local $end i32) (local $node0 i32) (local $node1 i32)
    (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $r v128) (local $r2 v128) (local $r4 v128) (local $cosZ v128) (local $x v128) (local $kk v128)
    (local $q0 v128) (local $q1 v128) (local $q2 v128) (local $q3 v128) (local $q4 v128) (local $q5 v128)
    (local $q6 v128) (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $p v128) (local $beam v128)
    (local $diffuse v128) (local $tiny v128) (local $underflow v128)
    (local $fullTurn v128) (local $four v128) (local $half v128) (local $quarter v128)
    (local $radiansPerDegree v128) (local $one v128) (local $oneSixth v128)
    (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128) (local $indexBias v128)
    (local $zero v128) (local $nan v128) (local $ninety v128) 
    (local $liuJordan v128) (local $logTauLanes v128) (local $pressureRatio v128) (local $extraLanes v128)
    (local $expLimit v128) (local $log2e v128) (local $ln2High v128) (local $ln2Low v128) (local $c3 v128) (local $c4 v128) (local $c5 v128) (local $c6 v128) (local $c7 v128) (local $c8 v128) (local $c9 v128) (local $c10 v128) (local $c11 v128) (local $c12 v128) (local $c13 v128) (local $exponentBias v128)
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
    (local.set $zero (global.get $zero))
    (local.set $nan (global.get $nan))
    (local.set $ninety (global.get $ninety))

    ;; cos z, both lanes from the node table when both are in [0, 360].
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load offset=24576 (local.get $at)))
        (if (i32.eq (i64x2.bitmask (f64x2.gt (local.get $z) (local.get $ninety))) (i32.const 3))
          (then
            ;; Both lanes below the horizon (the night): every result is NaN whatever cos z is.
            (local.set $cosZ (local.get $nan)))
          (else
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zero))
                                             (f64x2.le (local.get $z) (local.get $fullTurn))))
                    (i32.const 3))
          (then
            (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $z) (local.get $four))
                                                  (local.get $half))))
            (local.set $nodes (i32x4.shl (f64x2.add (local.get $k) (local.get $indexBias)) (i32.const 4)))
            (local.set $node0 (i32x4.extract_lane 0 (local.get $nodes)))
            (local.set $node1 (i32x4.extract_lane 2 (local.get $nodes)))
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
        (v128.store offset=122880 (local.get $at) (local.get $cosZ))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; m = (p / 101325) / cos z (the ratio computed by the caller), NaN above 90 deg (pvlib's 'simple' air mass); x = m ln tau;
    ;; exp x = 2^k e^r, k = nearest(x / ln 2), r = x - k ln 2, |r| <= 0.35, e^r to degree 13 in
    ;; Estrin's scheme, 2^k built in the exponent bits.
    (local.set $logTauLanes (f64x2.splat (local.get $logTau)))
    (local.set $pressureRatio (f64x2.splat (local.get $pressureRatioValue)))
    (local.set $exponentBias (global.get $exponentBias))
    (local.set $underflow (global.get $underflow))
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
        (local.set $x
          (f64x2.mul
            (v128.bitselect
              (local.get $nan)
              (f64x2.div (local.get $pressureRatio) (v128.load offset=122880 (local.get $at)))
              (f64x2.gt (v128.load offset=24576 (local.get $at)) (local.get $ninety)))
            (local.get $logTauLanes)))
        ;; The lanes' own form where |x| <= 700, x < -746 (exp 0, the sun near the horizon) or x is
        ;; NaN (the sun below it): both lanes in one of these, the usual case, skip the calls.
        (local.set $tiny (f64x2.lt (local.get $x) (local.get $underflow)))
        ;; Both lanes below the horizon: x is NaN in both, and so is exp x.
        (if (i32.eq (i64x2.bitmask (f64x2.gt (v128.load offset=24576 (local.get $at)) (local.get $ninety))) (i32.const 3))
          (then (local.set $p (local.get $nan)))
          (else
        (if (i32.eq (i64x2.bitmask (v128.or (v128.or (f64x2.le (f64x2.abs (local.get $x)) (local.get $expLimit))
                                                     (local.get $tiny))
                                            (f64x2.ne (local.get $x) (local.get $x))))
                    (i32.const 3))
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
                         (i32.const 52))))
            ;; NaN stays NaN through the series; below -746, exp is 0 (Math.exp's too).
            (local.set $p (v128.andnot (local.get $p) (local.get $tiny))))
          (else
            (local.set $p (f64x2.splat (call $exp (f64x2.extract_lane 0 (local.get $x)))))
            (local.set $p (f64x2.replace_lane 1 (local.get $p) (call $exp (f64x2.extract_lane 1 (local.get $x)))))))))
        (v128.store offset=57344 (local.get $at) (local.get $p))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; DNI = E0 tau^m, DHI = 0.3 (1 - tau^m) E0 cos z, GHI = DHI + DNI cos z.
    (local.set $liuJordan (global.get $liuJordan))
    (local.set $extraLanes (f64x2.splat (local.get $dniExtra)))
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $p (v128.load offset=57344 (local.get $at)))
        (local.set $cosZ (v128.load offset=122880 (local.get $at)))
        (local.set $beam (f64x2.mul (local.get $extraLanes) (local.get $p)))
        (local.set $diffuse (f64x2.mul (f64x2.mul (f64x2.mul (local.get $liuJordan) (f64x2.sub (local.get $one) (local.get $p)))
                                                  (local.get $extraLanes))
                                       (local.get $cosZ)))
        (v128.store offset=57344 (local.get $at) (local.get $beam))
        (v128.store offset=90112 (local.get $at) (local.get $diffuse))
        (v128.store offset=122880 (local.get $at)
          (f64x2.add (local.get $diffuse) (f64x2.mul (local.get $beam) (local.get $cosZ))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
