;; Single-axis tracking (Anderson and Mikofski 2020; Marion and Dobos 2013) over one block of rows,
;; two rows at a time in f64x2 lanes: the WebAssembly SIMD form of trackRows in ../single-axis.ts,
;; which stays the reference. Every value is computed with the same IEEE operations in the same
;; order as the TypeScript kernel (no fused multiply-add, no reassociation); its branches are
;; selects here, computed for both lanes and chosen lane by lane, and its table lookups are made
;; lane by lane. So the results are the same doubles, bit for bit; the tests check that on every path.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into single-axis.wasm.ts.
;;
;; Memory (the caller writes the tables once, the constants once per call, and per block copies
;; the columns in and the results out; trackRowsWasm in ../single-axis.ts). Blocks of 4096 rows
;; (37.7 against 38.9 ns a daytime row for 1024, best of four alternated runs each, before the
;; branches of the fourth pass):
;;   0       the node table of trig-tables.ts: cos and sin of every quarter degree 0..360, side by
;;           side (1441 pairs of doubles), so that one v128.load brings both of a node
;;   23056   ATAN_NODES of trig-tables.ts: atan(k / 64), k = 0..64
;;   23808   the constants of singleAxis, in the order of its K_ slots (27 doubles)
;;   24576   apparent zenith [deg]      \
;;   57344   solar azimuth [deg]         |  the columns of the block, 4096 rows apart; a block of
;;   90112   DNI of the stow [W/m2]      |  an odd number of rows has its last row repeated once
;;   122880  tracker theta out [deg]     |  more by the caller, so that every pair of lanes reads
;;   155648  aoi out [deg]               |  defined inputs
;;   188416  surface tilt out [deg]      |
;;   221184  surface azimuth out [deg]  /
;;   253952  scratch: cos z           \  between the passes (the output columns hold the
;;   286720  scratch: sun east        |  rotation, its cos and sin until the fourth pass)
;;   319488  scratch: sun north       |
;;   352256  scratch: the rotation's atan2 [deg] /
(module
  ;; Math.cos and Math.sin of radians, for angles outside the tables' range, where the kernel
  ;; calls them too.
  (import "js" "cos" (func $cos (param f64) (result f64)))
  (import "js" "sin" (func $sin (param f64) (result f64)))

  (memory (export "memory") 6)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "nodeTable") i32 (i32.const 0))
  (global (export "atanTable") i32 (i32.const 23056))
  (global (export "constants") i32 (i32.const 23808))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "zenith") i32 (i32.const 24576))
  (global (export "azimuth") i32 (i32.const 57344))
  (global (export "dni") i32 (i32.const 90112))
  (global (export "theta") i32 (i32.const 122880))
  (global (export "aoi") i32 (i32.const 155648))
  (global (export "tilt") i32 (i32.const 188416))
  (global (export "surfaceAzimuth") i32 (i32.const 221184))

  ;; The constants of the loops, as mutable globals that each loop function reads into locals
  ;; once. V8's optimising compiler folds a v128.const, or a local holding one, into every use
  ;; and rebuilds it there (three or four instructions a use); a global it cannot fold, so the
  ;; constants stay in registers (or one load away). Nothing writes them.
  (global $four (mut v128) (v128.const f64x2 4 4))
  (global $half (mut v128) (v128.const f64x2 0.5 0.5))
  (global $twoTo52 (mut v128) (v128.const f64x2 0x1p52 0x1p52))
  (global $quarter (mut v128) (v128.const f64x2 0.25 0.25))
  (global $radiansPerDegree (mut v128) (v128.const f64x2 0.017453292519943295 0.017453292519943295))
  (global $one (mut v128) (v128.const f64x2 1 1))
  (global $oneTwentyFourth (mut v128) (v128.const f64x2 0.041666666666666664 0.041666666666666664))
  (global $oneSixth (mut v128) (v128.const f64x2 0.16666666666666666 0.16666666666666666))
  (global $oneHundredTwentieth (mut v128) (v128.const f64x2 0.008333333333333333 0.008333333333333333))
  (global $sixtyFour (mut v128) (v128.const f64x2 64 64))
  (global $oneSixtyFourth (mut v128) (v128.const f64x2 0.015625 0.015625))
  (global $oneThird (mut v128) (v128.const f64x2 0.3333333333333333 0.3333333333333333))
  (global $oneFifth (mut v128) (v128.const f64x2 0.2 0.2))
  (global $halfPi (mut v128) (v128.const f64x2 1.5707963267948966 1.5707963267948966))
  (global $pi (mut v128) (v128.const f64x2 3.141592653589793 3.141592653589793))
  (global $degreesPerRadian (mut v128) (v128.const f64x2 57.29577951308232 57.29577951308232))
  (global $ninety (mut v128) (v128.const f64x2 90 90))
  (global $nan (mut v128) (v128.const f64x2 nan nan))
  (global $fullTurn (mut v128) (v128.const f64x2 360 360))
  (global $signBit (mut v128) (v128.const i64x2 0x8000000000000000 0x8000000000000000))
  (global $minusOne (mut v128) (v128.const f64x2 -1 -1))

  ;; cos and sin of x [deg] in [0, 360], both lanes: the nearest quarter-degree node k and the
  ;; series of the remainder r [rad] (see trig-tables.ts), as the kernel inlines them.
  (func $trig (param $x v128) (result v128 v128)
    (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $c v128) (local $s v128) (local $r v128) (local $r2 v128) (local $cr v128) (local $sr v128)
    (local $four v128) (local $half v128) (local $twoTo52 v128) (local $quarter v128)
    (local $radiansPerDegree v128) (local $one v128) (local $oneTwentyFourth v128)
    (local $oneSixth v128) (local $oneHundredTwentieth v128)
    (local.set $four (global.get $four)) (local.set $half (global.get $half))
    (local.set $twoTo52 (global.get $twoTo52)) (local.set $quarter (global.get $quarter))
    (local.set $radiansPerDegree (global.get $radiansPerDegree)) (local.set $one (global.get $one))
    (local.set $oneTwentyFourth (global.get $oneTwentyFourth))
    (local.set $oneSixth (global.get $oneSixth))
    (local.set $oneHundredTwentieth (global.get $oneHundredTwentieth))
    (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $x) (local.get $four)) (local.get $half))))
    ;; The byte offset 16 k of each lane's node (k <= 1440) from the bits of k + 2^52, and its (cos, sin).
    (local.set $nodes (i64x2.shl (f64x2.add (local.get $k) (local.get $twoTo52)) (i32.const 4)))
    (local.set $pair0 (v128.load (i32x4.extract_lane 0 (local.get $nodes))))
    (local.set $pair1 (v128.load (i32x4.extract_lane 2 (local.get $nodes))))
    (local.set $c (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $pair0) (local.get $pair1)))
    (local.set $s (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $pair0) (local.get $pair1)))
    (local.set $r (f64x2.mul (f64x2.sub (local.get $x) (f64x2.mul (local.get $k) (local.get $quarter)))
                             (local.get $radiansPerDegree)))
    (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
    ;; cr = 1 - r2 (1/2 - r2/24), sr = r (1 - r2 (1/6 - r2/120))
    (local.set $cr (f64x2.sub (local.get $one)
                              (f64x2.mul (local.get $r2)
                                         (f64x2.sub (local.get $half)
                                                    (f64x2.mul (local.get $r2) (local.get $oneTwentyFourth))))))
    (local.set $sr (f64x2.mul (local.get $r)
                              (f64x2.sub (local.get $one)
                                         (f64x2.mul (local.get $r2)
                                                    (f64x2.sub (local.get $oneSixth)
                                                               (f64x2.mul (local.get $r2) (local.get $oneHundredTwentieth)))))))
    ;; cos = C cr - S sr, sin = S cr + C sr
    (f64x2.sub (f64x2.mul (local.get $c) (local.get $cr)) (f64x2.mul (local.get $s) (local.get $sr)))
    (f64x2.add (f64x2.mul (local.get $s) (local.get $cr)) (f64x2.mul (local.get $c) (local.get $sr))))

  ;; cos and sin of x [deg] in [0, 360], one lane (the same operations as $trig).
  (func $trigLane (param $x f64) (result f64 f64)
    (local $k f64) (local $at i32) (local $r f64) (local $r2 f64) (local $cr f64) (local $sr f64)
    (local.set $k (f64.floor (f64.add (f64.mul (local.get $x) (f64.const 4)) (f64.const 0.5))))
    (local.set $at (i32.shl (i32.trunc_f64_s (local.get $k)) (i32.const 4)))
    (local.set $r (f64.mul (f64.sub (local.get $x) (f64.mul (local.get $k) (f64.const 0.25))) (f64.const 0.017453292519943295)))
    (local.set $r2 (f64.mul (local.get $r) (local.get $r)))
    (local.set $cr (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.5) (f64.mul (local.get $r2) (f64.const 0.041666666666666664))))))
    (local.set $sr (f64.mul (local.get $r) (f64.sub (f64.const 1) (f64.mul (local.get $r2) (f64.sub (f64.const 0.16666666666666666) (f64.mul (local.get $r2) (f64.const 0.008333333333333333)))))))
    (f64.sub (f64.mul (f64.load offset=0 (local.get $at)) (local.get $cr)) (f64.mul (f64.load offset=8 (local.get $at)) (local.get $sr)))
    (f64.add (f64.mul (f64.load offset=8 (local.get $at)) (local.get $cr)) (f64.mul (f64.load offset=0 (local.get $at)) (local.get $sr))))

  ;; The sun vector of one row, as the kernel's first pass: cos z and the east and north parts,
  ;; from the tables for a zenith >= 0 and an azimuth in [0, 360], else from Math.cos and Math.sin.
  (func $sunLane (param $z f64) (param $a f64) (result f64 f64 f64)
    (local $cz f64) (local $sz f64) (local $ca f64) (local $sa f64)
    (if (f64.ge (local.get $z) (f64.const 0))
      (then (call $trigLane (local.get $z)) (local.set $sz) (local.set $cz))
      (else
        (local.set $cz (call $cos (f64.mul (local.get $z) (f64.const 0.017453292519943295))))
        (local.set $sz (call $sin (f64.mul (local.get $z) (f64.const 0.017453292519943295))))))
    (if (i32.and (f64.ge (local.get $a) (f64.const 0)) (f64.le (local.get $a) (f64.const 360)))
      (then (call $trigLane (local.get $a)) (local.set $sa) (local.set $ca))
      (else
        (local.set $sa (call $sin (f64.mul (local.get $a) (f64.const 0.017453292519943295))))
        (local.set $ca (call $cos (f64.mul (local.get $a) (f64.const 0.017453292519943295))))))
    (local.get $cz)
    (f64.mul (local.get $sz) (local.get $sa))
    (f64.mul (local.get $sz) (local.get $ca)))

  ;; atan2Table of trig-tables.ts, in degrees (times 180 / pi, as the kernel), over the rows
  ;; [0, end / 8) of columns at byte offsets $yAt, $xAt into $outAt (which may be $xAt): its
  ;; branches as selects, the node lookups lane by lane. A loop of its own, so that the processor
  ;; overlaps the long chain of one pair with the next (as a call per pair inside the passes it
  ;; was latency-bound). $acos: y = sqrt((1 - x)(1 + x)), the kernel's arccosine of x. A pair whose
  ;; x is NaN in both lanes (a row the passes left dead or stowed) is NaN, as atan2Table gives.
  (func $atan2Rows (param $yAt i32) (param $xAt i32) (param $outAt i32) (param $acos i32) (param $end i32)
    (local $at i32) (local $y v128) (local $x v128)
    (local $ax v128) (local $ay v128) (local $swap v128) (local $num v128) (local $den v128)
    (local $denZero v128) (local $t v128) (local $k v128) (local $index v128) (local $tk v128)
    (local $u v128) (local $u2 v128) (local $node v128) (local $a v128) (local $negative v128)
    (local $one v128) (local $sixtyFour v128) (local $half v128) (local $oneSixtyFourth v128)
    (local $twoTo52 v128) (local $oneThird v128) (local $oneFifth v128) (local $halfPi v128)
    (local $pi v128) (local $degreesPerRadian v128)
    (local.set $one (global.get $one)) (local.set $sixtyFour (global.get $sixtyFour))
    (local.set $half (global.get $half)) (local.set $oneSixtyFourth (global.get $oneSixtyFourth))
    (local.set $twoTo52 (global.get $twoTo52)) (local.set $oneThird (global.get $oneThird))
    (local.set $oneFifth (global.get $oneFifth)) (local.set $halfPi (global.get $halfPi))
    (local.set $pi (global.get $pi)) (local.set $degreesPerRadian (global.get $degreesPerRadian))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $x (v128.load (i32.add (local.get $xAt) (local.get $at))))
        (if (i32.eq (i64x2.bitmask (f64x2.ne (local.get $x) (local.get $x))) (i32.const 3))
          (then (v128.store (i32.add (local.get $outAt) (local.get $at)) (local.get $x)))
          (else
            (if (local.get $acos)
              (then (local.set $y (f64x2.sqrt (f64x2.mul (f64x2.sub (local.get $one) (local.get $x))
                                                          (f64x2.add (local.get $one) (local.get $x))))))
              (else (local.set $y (v128.load (i32.add (local.get $yAt) (local.get $at))))))
            (local.set $ax (f64x2.abs (local.get $x)))
            (local.set $ay (f64x2.abs (local.get $y)))
            (local.set $swap (f64x2.gt (local.get $ay) (local.get $ax)))
            ;; num = swap ? ax : ay and den = swap ? ay : ax, swap = ay > ax: pmin(a, b) is
            ;; b < a ? b : a and pmax(a, b) is a < b ? b : a, the same choices, NaN included.
            (local.set $num (f64x2.pmin (local.get $ay) (local.get $ax)))
            (local.set $den (f64x2.pmax (local.get $ax) (local.get $ay)))
            (local.set $denZero (f64x2.eq (local.get $den) (v128.const f64x2 0 0)))
            (local.set $t (v128.andnot (f64x2.div (local.get $num) (local.get $den)) (local.get $denZero)))
            ;; k = (t 64 + 0.5) | 0 for t in [0, 1], as floor; NaN, which | 0 takes to 0, here too. Its
            ;; byte offset 8 k from the bits of k + 2^52 (exact: k is a whole number below 2^52), cheaper
            ;; than the conversion to i32 lanes.
            (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $t) (local.get $sixtyFour)) (local.get $half))))
            (local.set $k (v128.and (local.get $k) (f64x2.eq (local.get $k) (local.get $k))))
            (local.set $tk (f64x2.mul (local.get $k) (local.get $oneSixtyFourth)))
            (local.set $index (i64x2.shl (f64x2.add (local.get $k) (local.get $twoTo52)) (i32.const 3)))
            (local.set $node (v128.load64_zero offset=23056 (i32x4.extract_lane 0 (local.get $index))))
            (local.set $node (v128.load64_lane offset=23056 1 (i32x4.extract_lane 2 (local.get $index)) (local.get $node)))
            (local.set $u (f64x2.div (f64x2.sub (local.get $num) (f64x2.mul (local.get $tk) (local.get $den)))
                                     (f64x2.add (local.get $den) (f64x2.mul (local.get $tk) (local.get $num)))))
            (local.set $u2 (f64x2.mul (local.get $u) (local.get $u)))
            ;; a = atan(t_k) + u (1 - u2 (1/3 - u2/5))
            (local.set $a (f64x2.add (local.get $node)
                                     (f64x2.mul (local.get $u)
                                                (f64x2.sub (local.get $one)
                                                           (f64x2.mul (local.get $u2)
                                                                      (f64x2.sub (local.get $oneThird)
                                                                                 (f64x2.mul (local.get $u2) (local.get $oneFifth))))))))
            (local.set $a (v128.andnot (local.get $a) (local.get $denZero)))
            (local.set $a (v128.bitselect (f64x2.sub (local.get $halfPi) (local.get $a))
                                          (local.get $a) (local.get $swap)))
            ;; x < 0: pi - a. Rare in the tracker (a rotation or an incidence beyond 90 degrees), so
            ;; behind a branch: a select costs as much as the rest of the tail.
            (local.set $negative (f64x2.lt (local.get $x) (v128.const f64x2 0 0)))
            (if (i64x2.bitmask (local.get $negative))
              (then (local.set $a (v128.bitselect (f64x2.sub (local.get $pi) (local.get $a))
                                                  (local.get $a) (local.get $negative)))))
            ;; y < 0: -a, by flipping the sign bit where y < 0 (what the negation does). An
            ;; arccosine's y, a square root, is never below 0.
            (if (i32.eqz (local.get $acos))
              (then (local.set $a (v128.xor (local.get $a) (v128.and (f64x2.lt (local.get $y) (v128.const f64x2 0 0))
                                                                     (global.get $signBit))))))
            (v128.store (i32.add (local.get $outAt) (local.get $at))
                        (f64x2.mul (local.get $a) (local.get $degreesPerRadian)))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs))))

  ;; Rows [0, rows) of the block, in short passes over the block's columns (trackRows makes
  ;; three; the operations of each row are the same): (1) the sun vector, (2) the rotation's cos
  ;; and sin (ideal, backtracked, or stowed), (3) its angle ($atan2Rows), (4) the limits and the
  ;; projection of the sun on the surface normal, a level axis's tilt and azimuth, (5) the
  ;; incidence ($atan2Rows), and for a tilted axis the tilt and azimuth ($atan2Rows).
  ;; Short passes run faster than one long loop: the processor overlaps pairs of rows only when
  ;; each pair's chain of dependent operations is short (one loop measured 68 ns a daytime row,
  ;; latency-bound; these passes 35). Rare cases (the limits, a sun along the axis, a rotation
  ;; beyond 90 degrees) go behind branches on the pair rather than into selects computed for
  ;; every pair, and a level axis skips the normal: 33.7 -> 28.4 ns a daytime row, the same
  ;; doubles. Between passes: cos z (NaN for a dead row), sun east and north in the scratch
  ;; columns (for a level axis the sun's part across the axis in the east column from the second
  ;; pass); the rotation (a stowed row's, else NaN), its cos (NaN where stowed or dead) and sin
  ;; in the theta, tilt and surface azimuth columns.
  (func (export "track") (param $rows i32)
    (local $at i32) (local $end i32) (local $level i32) (local $backtrack i32) (local $stowOn i32)
    (local $z v128) (local $a v128) (local $d v128) (local $dead v128) (local $stowed v128)
    (local $cz v128) (local $sz v128) (local $sunE v128) (local $sunN v128) (local $ca v128) (local $sa v128)
    (local $lane0 f64) (local $lane1 f64) (local $e0 f64) (local $n0 f64) (local $e1 f64) (local $n1 f64)
    (local $xp v128) (local $zp v128) (local $r v128) (local $pos v128) (local $c v128) (local $s v128)
    (local $temp v128) (local $corr v128) (local $sinCorr v128) (local $sign v128) (local $c2 v128)
    (local $theta v128) (local $hi v128) (local $lo v128)
    (local $nE v128) (local $nN v128) (local $nU v128) (local $tilt v128) (local $surfAz v128) (local $proj v128)
    (local $ninety v128) (local $nan v128) (local $fullTurn v128) (local $one v128)
    (local $signBit v128) (local $minusOne v128)
    (local.set $ninety (global.get $ninety)) (local.set $nan (global.get $nan))
    (local.set $fullTurn (global.get $fullTurn)) (local.set $one (global.get $one))
    (local.set $signBit (global.get $signBit)) (local.set $minusOne (global.get $minusOne))
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (local.set $level (f64.eq (f64.load offset=23872 (i32.const 0)) (f64.const 1)))
    (local.set $backtrack (f64.eq (f64.load offset=23984 (i32.const 0)) (f64.const 1)))
    (local.set $stowOn (f64.eq (f64.load offset=23992 (i32.const 0)) (f64.const 1)))

    ;; First pass: the sun vector.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (block $next
          (local.set $z (v128.load offset=24576 (local.get $at)))
          (local.set $a (v128.load offset=57344 (local.get $at)))
          ;; The sun below the horizon, or an unknown input (a NaN zenith, azimuth or stow DNI):
          ;; every output of the row is NaN.
          (local.set $dead (v128.or (v128.not (f64x2.le (local.get $z) (local.get $ninety)))
                                    (f64x2.ne (local.get $a) (local.get $a))))
          (if (local.get $stowOn)
            (then
              (local.set $d (v128.load offset=90112 (local.get $at)))
              (local.set $dead (v128.or (local.get $dead) (f64x2.ne (local.get $d) (local.get $d))))))
          (if (i32.eq (i64x2.bitmask (local.get $dead)) (i32.const 3))
            (then
              (v128.store offset=253952 (local.get $at) (local.get $nan))
              (br $next)))
          ;; A dead lane computes from zenith and azimuth 0 (its results are NaN in the end), so
          ;; that it keeps the other lane on the tables.
          (local.set $z (v128.andnot (local.get $z) (local.get $dead)))
          (local.set $a (v128.andnot (local.get $a) (local.get $dead)))

          ;; The sun vector: both lanes on the tables here (zenith >= 0, azimuth in [0, 360]),
          ;; otherwise one lane at a time.
          (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (v128.const f64x2 0 0))
                                               (v128.and (f64x2.ge (local.get $a) (v128.const f64x2 0 0))
                                                         (f64x2.le (local.get $a) (local.get $fullTurn)))))
                      (i32.const 3))
            (then
              (call $trig (local.get $z)) (local.set $sz) (local.set $cz)
              (call $trig (local.get $a)) (local.set $sa) (local.set $ca)
              (local.set $sunE (f64x2.mul (local.get $sz) (local.get $sa)))
              (local.set $sunN (f64x2.mul (local.get $sz) (local.get $ca))))
            (else
              (call $sunLane (f64x2.extract_lane 0 (local.get $z)) (f64x2.extract_lane 0 (local.get $a)))
              (local.set $n0) (local.set $e0) (local.set $lane0)
              (call $sunLane (f64x2.extract_lane 1 (local.get $z)) (f64x2.extract_lane 1 (local.get $a)))
              (local.set $n1) (local.set $e1) (local.set $lane1)
              (local.set $cz (f64x2.replace_lane 1 (f64x2.splat (local.get $lane0)) (local.get $lane1)))
              (local.set $sunE (f64x2.replace_lane 1 (f64x2.splat (local.get $e0)) (local.get $e1)))
              (local.set $sunN (f64x2.replace_lane 1 (f64x2.splat (local.get $n0)) (local.get $n1)))))
          ;; A NaN cos z (Math.cos of an infinite zenith) makes the whole row NaN, as in the kernel.
          (v128.store offset=253952 (local.get $at) (v128.bitselect (local.get $nan) (local.get $cz) (local.get $dead)))
          (v128.store offset=286720 (local.get $at) (local.get $sunE))
          (v128.store offset=319488 (local.get $at) (local.get $sunN)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; Second pass: the rotation's cos and sin, ideal, backtracked or stowed.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (block $next
          (local.set $cz (v128.load offset=253952 (local.get $at)))
          (local.set $dead (f64x2.ne (local.get $cz) (local.get $cz)))
          (if (i32.eq (i64x2.bitmask (local.get $dead)) (i32.const 3))
            (then
              (v128.store offset=188416 (local.get $at) (local.get $nan))
              (br $next)))
          (local.set $stowed (v128.const i64x2 0 0))
          (if (local.get $stowOn)
            (then (local.set $stowed (f64x2.le (v128.load offset=90112 (local.get $at)) (v128.load64_splat offset=23960 (i32.const 0))))))
          (local.set $sunE (v128.load offset=286720 (local.get $at)))
          (local.set $sunN (v128.load offset=319488 (local.get $at)))
          ;; The ideal rotation's cos and sin: the sun projected on the plane across the axis
          ;; (constants: 23808 cosAz, 23816 sinAz, 23824 cosTilt, 23832 sinTilt). A level axis:
          ;; the upward part is cos z itself, and the part across the axis goes to the sun east
          ;; column for the fourth pass.
          (local.set $xp (f64x2.sub (f64x2.mul (local.get $sunE) (v128.load64_splat offset=23808 (i32.const 0)))
                                    (f64x2.mul (local.get $sunN) (v128.load64_splat offset=23816 (i32.const 0)))))
          (if (local.get $level)
            (then
              (local.set $zp (local.get $cz))
              (v128.store offset=286720 (local.get $at) (local.get $xp)))
            (else
              (local.set $zp (f64x2.add (f64x2.mul (f64x2.add (f64x2.mul (local.get $sunE) (v128.load64_splat offset=23816 (i32.const 0)))
                                                              (f64x2.mul (local.get $sunN) (v128.load64_splat offset=23808 (i32.const 0))))
                                                   (v128.load64_splat offset=23832 (i32.const 0)))
                                        (f64x2.mul (local.get $cz) (v128.load64_splat offset=23824 (i32.const 0)))))))
          (local.set $r (f64x2.sqrt (f64x2.add (f64x2.mul (local.get $xp) (local.get $xp)) (f64x2.mul (local.get $zp) (local.get $zp)))))
          (local.set $c (f64x2.div (local.get $zp) (local.get $r)))
          (local.set $s (f64x2.div (local.get $xp) (local.get $r)))
          ;; A sun along the axis (r = 0), or a dead lane: flat (cos 1, sin 0), behind a branch
          ;; as it is rare.
          (local.set $pos (f64x2.gt (local.get $r) (v128.const f64x2 0 0)))
          (if (i32.ne (i64x2.bitmask (local.get $pos)) (i32.const 3))
            (then
              (local.set $c (v128.bitselect (local.get $c) (local.get $one) (local.get $pos)))
              (local.set $s (v128.and (local.get $s) (local.get $pos)))))
          (if (local.get $backtrack)
            (then
              ;; theta = omega - sign(omega) arccos(temp) where temp < 1 and s != 0 (eqs. 14-16;
              ;; constants: 23880 axes distance, 23888 cos and 23896 sin of the cross-axis tilt).
              (local.set $temp (f64x2.abs (f64x2.mul (v128.load64_splat offset=23880 (i32.const 0))
                                                     (f64x2.add (f64x2.mul (local.get $c) (v128.load64_splat offset=23888 (i32.const 0)))
                                                                (f64x2.mul (local.get $s) (v128.load64_splat offset=23896 (i32.const 0)))))))
              (local.set $corr (v128.and (f64x2.lt (local.get $temp) (local.get $one))
                                         (f64x2.ne (local.get $s) (v128.const f64x2 0 0))))
              (local.set $sinCorr (f64x2.sqrt (f64x2.sub (local.get $one) (f64x2.mul (local.get $temp) (local.get $temp)))))
              ;; The kernel's sign * s and sign * c, sign = s > 0 ? 1 : -1, where s != 0 (the rows
              ;; corrected): |s|, and c with the sign bit of s flipped in (multiplying by +-1 is exact).
              (local.set $sign (v128.and (local.get $s) (local.get $signBit)))
              (local.set $c2 (f64x2.add (f64x2.mul (local.get $c) (local.get $temp))
                                        (f64x2.mul (f64x2.abs (local.get $s)) (local.get $sinCorr))))
              (local.set $s (v128.bitselect
                              (f64x2.sub (f64x2.mul (local.get $s) (local.get $temp))
                                         (f64x2.mul (v128.xor (local.get $c) (local.get $sign)) (local.get $sinCorr)))
                              (local.get $s) (local.get $corr)))
              (local.set $c (v128.bitselect (local.get $c2) (local.get $c) (local.get $corr)))))
          ;; Stowed rows: flat, or the limit nearest flat (23936 theta); the others' angle follows
          ;; (NaN: not yet known). The cos of a stowed or dead row is NaN: no angle to take.
          (v128.store offset=122880 (local.get $at)
            (v128.bitselect (v128.load64_splat offset=23936 (i32.const 0)) (local.get $nan) (local.get $stowed)))
          (v128.store offset=188416 (local.get $at)
            (v128.bitselect (local.get $nan) (local.get $c) (v128.or (local.get $stowed) (local.get $dead))))
          (v128.store offset=221184 (local.get $at) (local.get $s)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; The rotation's angle, atan2(s, c) [deg], into the scratch column at 352256.
    (call $atan2Rows (i32.const 221184) (i32.const 188416) (i32.const 352256) (i32.const 0) (local.get $end))

    ;; Fourth pass: the limits (23968 min, 23976 max; 23904, 23912 cos and sin of the min, 23920,
    ;; 23928 of the max): above the maximum, else below the minimum; stowed rows (23944 cos and
    ;; 23952 sin of the stow); then the projection of the sun on the surface normal (the aoi
    ;; column holds it until its arccosine). A level axis: the projection from the sun's part
    ;; across the axis (in the sun east column) and cos z, the tilt and azimuth of the surface
    ;; from the rotation (23856 flat, 23864 west azimuth). A tilted axis: the normal (east, north,
    ;; up; 23840 eastCos, 23848 northCos), kept for the tilt and azimuth passes.
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (block $next
          (local.set $cz (v128.load offset=253952 (local.get $at)))
          (local.set $dead (f64x2.ne (local.get $cz) (local.get $cz)))
          (if (i32.eq (i64x2.bitmask (local.get $dead)) (i32.const 3))
            (then
              (v128.store offset=122880 (local.get $at) (local.get $nan))
              (v128.store offset=155648 (local.get $at) (local.get $nan))
              (v128.store offset=188416 (local.get $at) (local.get $nan))
              (v128.store offset=221184 (local.get $at) (local.get $nan))
              (v128.store offset=319488 (local.get $at) (local.get $nan))
              (br $next)))
          (local.set $theta (v128.load offset=352256 (local.get $at)))
          (local.set $c (v128.load offset=188416 (local.get $at)))
          (local.set $s (v128.load offset=221184 (local.get $at)))
          ;; The limits, behind a branch as most rows are inside them. The rotation: pmin(a, b) is
          ;; b < a ? b : a, pmax(a, b) is a < b ? b : a, the kernel's clip, NaN included.
          (local.set $hi (f64x2.gt (local.get $theta) (v128.load64_splat offset=23976 (i32.const 0))))
          (local.set $lo (v128.andnot (f64x2.lt (local.get $theta) (v128.load64_splat offset=23968 (i32.const 0))) (local.get $hi)))
          (if (i64x2.bitmask (v128.or (local.get $hi) (local.get $lo)))
            (then
              (local.set $theta (f64x2.pmax (f64x2.pmin (local.get $theta) (v128.load64_splat offset=23976 (i32.const 0)))
                                            (v128.load64_splat offset=23968 (i32.const 0))))
              (local.set $c (v128.bitselect (v128.load64_splat offset=23920 (i32.const 0))
                                            (v128.bitselect (v128.load64_splat offset=23904 (i32.const 0)) (local.get $c) (local.get $lo))
                                            (local.get $hi)))
              (local.set $s (v128.bitselect (v128.load64_splat offset=23928 (i32.const 0))
                                            (v128.bitselect (v128.load64_splat offset=23912 (i32.const 0)) (local.get $s) (local.get $lo))
                                            (local.get $hi)))))
          (local.set $stowed (v128.load offset=122880 (local.get $at)))
          (local.set $stowed (f64x2.eq (local.get $stowed) (local.get $stowed)))
          (if (i64x2.bitmask (local.get $stowed))
            (then
              (local.set $theta (v128.bitselect (v128.load offset=122880 (local.get $at)) (local.get $theta) (local.get $stowed)))
              (local.set $c (v128.bitselect (v128.load64_splat offset=23944 (i32.const 0)) (local.get $c) (local.get $stowed)))
              (local.set $s (v128.bitselect (v128.load64_splat offset=23952 (i32.const 0)) (local.get $s) (local.get $stowed)))))
          (local.set $theta (v128.bitselect (local.get $nan) (local.get $theta) (local.get $dead)))
          (v128.store offset=122880 (local.get $at) (local.get $theta))
          (if (local.get $level)
            (then
              (local.set $proj (f64x2.add (f64x2.mul (local.get $s) (v128.load offset=286720 (local.get $at)))
                                          (f64x2.mul (local.get $c) (local.get $cz))))
              ;; The tilt is the rotation's size (|-0| is 0), the face square to the axis, west
              ;; of it for a positive rotation; theta * 0 (0 or NaN) makes a dead row's NaN.
              (v128.store offset=188416 (local.get $at) (f64x2.abs (local.get $theta)))
              (v128.store offset=221184 (local.get $at)
                (f64x2.add (v128.bitselect (v128.load64_splat offset=23864 (i32.const 0)) (v128.load64_splat offset=23856 (i32.const 0))
                                           (f64x2.gt (local.get $theta) (v128.const f64x2 0 0)))
                           (f64x2.mul (local.get $theta) (v128.const f64x2 0 0)))))
            (else
              (local.set $nE (f64x2.add (f64x2.mul (v128.load64_splat offset=23840 (i32.const 0)) (local.get $c))
                                        (f64x2.mul (v128.load64_splat offset=23808 (i32.const 0)) (local.get $s))))
              (local.set $nN (f64x2.sub (f64x2.mul (v128.load64_splat offset=23848 (i32.const 0)) (local.get $c))
                                        (f64x2.mul (v128.load64_splat offset=23816 (i32.const 0)) (local.get $s))))
              (local.set $nU (f64x2.pmax (f64x2.pmin (f64x2.mul (v128.load64_splat offset=23824 (i32.const 0)) (local.get $c))
                                                     (local.get $one))
                                         (local.get $minusOne)))
              (local.set $proj (f64x2.add (f64x2.add (f64x2.mul (local.get $nE) (v128.load offset=286720 (local.get $at)))
                                                     (f64x2.mul (local.get $nN) (v128.load offset=319488 (local.get $at))))
                                          (f64x2.mul (local.get $nU) (local.get $cz))))
              ;; The normal's parts for the arccosine and arctangent below (NaN for a dead row:
              ;; nU in the cos z column, nE and nN in the sun's).
              (v128.store offset=253952 (local.get $at) (v128.bitselect (local.get $nan) (local.get $nU) (local.get $dead)))
              (v128.store offset=286720 (local.get $at) (local.get $nE))
              (v128.store offset=319488 (local.get $at) (v128.bitselect (local.get $nan) (local.get $nN) (local.get $dead)))))
          ;; The projection clipped to [-1, 1] (NaN for a dead row, from its cos z).
          (v128.store offset=155648 (local.get $at)
            (f64x2.pmax (f64x2.pmin (local.get $proj) (local.get $one)) (local.get $minusOne))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; The angle of incidence, arccos of the projection, in place.
    (call $atan2Rows (i32.const 0) (i32.const 155648) (i32.const 155648) (i32.const 1) (local.get $end))
    (if (i32.eqz (local.get $level))
      (then
        ;; A tilted axis: the tilt, arccos nU; the azimuth, atan2(nE, nN) in [0, 360), or the flat
        ;; azimuth where the tilt is 0.
        (call $atan2Rows (i32.const 0) (i32.const 253952) (i32.const 188416) (i32.const 1) (local.get $end))
        (call $atan2Rows (i32.const 286720) (i32.const 319488) (i32.const 221184) (i32.const 0) (local.get $end))
        (local.set $at (i32.const 0))
        (block $done
          (loop $pairs
            (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
            (local.set $surfAz (v128.load offset=221184 (local.get $at)))
            (local.set $surfAz (v128.bitselect (f64x2.add (local.get $surfAz) (local.get $fullTurn)) (local.get $surfAz)
                                               (f64x2.lt (local.get $surfAz) (v128.const f64x2 0 0))))
            (local.set $surfAz (v128.bitselect (f64x2.sub (local.get $surfAz) (local.get $fullTurn)) (local.get $surfAz)
                                               (f64x2.ge (local.get $surfAz) (local.get $fullTurn))))
            (v128.store offset=221184 (local.get $at)
              (v128.bitselect (v128.load64_splat offset=23856 (i32.const 0)) (local.get $surfAz)
                              (f64x2.eq (v128.load offset=188416 (local.get $at)) (v128.const f64x2 0 0))))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $pairs)))))))
