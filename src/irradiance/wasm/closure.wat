;; DNI from GHI and DHI with pvlib's limits near the horizon (dni and the missing-DNI branch of
;; completeIrradiance) over one block of rows, two rows at a time in f64x2 lanes: the WebAssembly
;; SIMD form of dniKernelTs in ../closure.ts, which stays the reference. Every value is computed with
;; the same IEEE operations in the same order as the TypeScript kernel (cos z from the same
;; quarter-degree node table and remainder series as kt-decomposition.wat), so the results are the
;; same doubles, bit for bit.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into closure.wasm.ts.
;;
;; Memory (byte offsets): [0, 23056) the (cos, sin) pairs of the 1441 quarter-degree nodes
;; (trig-tables.ts); then 4096-row columns of doubles: ghi, dhi, zenith; band, 4096 i32 (the rows
;; of the block in the clear-sky band, for the caller's cap); and dni, the result. `run` takes the
;; byte address of each column it reads or writes (16-byte aligned, room for an even number of
;; rows): the block's columns above for the copying path, or the columns of a closureColumns
;; allocation (an instance of its own whose memory has grown to hold them after the block), which
;; it reads and writes where they lie, a block of at most 4096 rows per call (the band list is the
;; block's).
;;
;; How it goes through a block: a zenith series at minute steps is long runs of pairs of one kind
;; (by day; in the clear-sky band; in the zero band, zeroAbove <= z <= 180: the night, and by
;; default the sun within 2 deg of the horizon), each of which needs only part of the kernel's
;; tests; each kind has a tight loop of its own ($dayPairs, $bandPairs, $zeroBandPairs), a function
;; so that V8 keeps its constants in registers (one loop with every form spilled them, and a call
;; in a loop keeps them on the stack). Short runs (hourly data, sunrise and sunset) go pair by pair
;; through $mixedPairs, which has every form without calls; the rare rows whose cosine takes a call
;; (NaN, out of range, exactly 90 or 270 deg) through $callRow. The node table's cosine series is written
;; out in each loop: V8 does not inline calls between WebAssembly functions here.
(module
  ;; Math.cos, for zenith angles outside [0, 360] (and NaN), and in place of the node table's exact 0
  ;; at 90 and 270 deg, where the kernel calls it too.
  (import "js" "cos" (func $cos (param f64) (result f64)))

  (memory (export "memory") 4)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "nodeTable") i32 (i32.const 0))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "ghi") i32 (i32.const 24576))
  (global (export "dhi") i32 (i32.const 57344))
  (global (export "zenith") i32 (i32.const 90112))
  (global (export "band") i32 (i32.const 122880))
  (global (export "dni") i32 (i32.const 155648))

  ;; The constants of the loops, as mutable globals that each loop reads into locals once: V8
  ;; rebuilds a v128.const at every use (see kt-decomposition.wat). Nothing writes them.
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
  (global $fullTurn (mut v128) (v128.const f64x2 360 360))
  (global $halfTurn (mut v128) (v128.const f64x2 180 180))
  (global $quarterTurn (mut v128) (v128.const f64x2 90 90))
  (global $threeQuarterTurn (mut v128) (v128.const f64x2 270 270))
  (global $signBit (mut v128) (v128.const i64x2 0x8000000000000000 0x8000000000000000))

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

  ;; The rows listed in the band column (capped 1) by $bandPairs, $mixedPairs and $callRow.
  (global $listed (mut i32) (i32.const 0))

  ;; The pairs from byte offset `at` on while both rows are by day below every limit, z in [0,
  ;; dayBelow) (under 90 deg: cos z > 0 and never the table's exact 0; under zeroAbove; with
  ;; dniClear, under clearAbove), where the kernel's limits reduce to NaN for d < 0: cos z from the
  ;; node table, d = (GHI - DHI) / cos z. Returns the byte offset of the first pair not so, or end.
  ;; A function of its own so that its constants keep registers through its loop.
  (func $dayPairs (param $at i32) (param $end i32) (param $ghiAt i32) (param $dhiAt i32)
                  (param $zenithAt i32) (param $dniAt i32) (param $dayBelowValue f64) (result i32)
    (local $node0 i32) (local $node1 i32)
    (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $r v128) (local $r2 v128) (local $d v128)
    (local $four v128) (local $half v128) (local $quarter v128) (local $radiansPerDegree v128)
    (local $one v128) (local $oneSixth v128) (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128)
    (local $indexBias v128) (local $zero v128) (local $nan v128) (local $dayBelow v128)
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
    (local.set $dayBelow (f64x2.splat (local.get $dayBelowValue)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (br_if $done (i32.ne (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zero))
                                                      (f64x2.lt (local.get $z) (local.get $dayBelow))))
                             (i32.const 3)))
        (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $z) (local.get $four)) (local.get $half))))
        ;; k + 2^52 + 2^51 leaves k in the low 32 bits of each lane; x16 is its byte offset.
        (local.set $nodes (i32x4.shl (f64x2.add (local.get $k) (local.get $indexBias)) (i32.const 4)))
        (local.set $node0 (i32x4.extract_lane 0 (local.get $nodes)))
        (local.set $node1 (i32x4.extract_lane 2 (local.get $nodes)))
        (local.set $pair0 (v128.load (local.get $node0)))
        (local.set $pair1 (v128.load (local.get $node1)))
        (local.set $r (f64x2.mul (f64x2.sub (local.get $z) (f64x2.mul (local.get $k) (local.get $quarter)))
                                 (local.get $radiansPerDegree)))
        (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
        ;; (GHI - DHI) / (C[k] (1 - r2 (1/2 - r2/24)) - S[k] (r (1 - r2 (1/6 - r2/120))))
        (local.set $d
          (f64x2.div
            (f64x2.sub (v128.load (i32.add (local.get $ghiAt) (local.get $at)))
                       (v128.load (i32.add (local.get $dhiAt) (local.get $at))))
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
        (v128.store (i32.add (local.get $dniAt) (local.get $at))
                    (v128.bitselect (local.get $nan) (local.get $d) (f64x2.lt (local.get $d) (local.get $zero))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $at))

  ;; The pairs from byte offset `at` on while both rows are in the clear-sky band, z in [dayBelow,
  ;; bandBelow) with dayBelow = clearAbove and bandBelow = min(90, zeroAbove) (cos z > 0, never the
  ;; table's exact 0): d as by day, then capped at tolerance x dniClear (capped 2, dniClear at
  ;; clearAt), or the rows listed in the band column for the caller's cap (capped 1). Returns the
  ;; byte offset of the first pair not so, or end.
  (func $bandPairs (param $at i32) (param $end i32) (param $ghiAt i32) (param $dhiAt i32)
                   (param $zenithAt i32) (param $dniAt i32) (param $clearAt i32) (param $dayBelowValue f64)
                   (param $bandBelowValue f64) (param $tolerance f64) (param $capped i32) (result i32)
    (local $node0 i32) (local $node1 i32)
    (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $r v128) (local $r2 v128) (local $d v128) (local $cap v128)
    (local $dayBelow v128) (local $bandBelow v128) (local $toleranceLanes v128)
    (local $four v128) (local $half v128) (local $quarter v128) (local $radiansPerDegree v128)
    (local $one v128) (local $oneSixth v128) (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128)
    (local $indexBias v128) (local $zero v128) (local $nan v128)
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
    (local.set $dayBelow (f64x2.splat (local.get $dayBelowValue)))
    (local.set $bandBelow (f64x2.splat (local.get $bandBelowValue)))
    (local.set $toleranceLanes (f64x2.splat (local.get $tolerance)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (br_if $done (i32.ne (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $dayBelow))
                                                      (f64x2.lt (local.get $z) (local.get $bandBelow))))
                             (i32.const 3)))
        (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $z) (local.get $four)) (local.get $half))))
        (local.set $nodes (i32x4.shl (f64x2.add (local.get $k) (local.get $indexBias)) (i32.const 4)))
        (local.set $node0 (i32x4.extract_lane 0 (local.get $nodes)))
        (local.set $node1 (i32x4.extract_lane 2 (local.get $nodes)))
        (local.set $pair0 (v128.load (local.get $node0)))
        (local.set $pair1 (v128.load (local.get $node1)))
        (local.set $r (f64x2.mul (f64x2.sub (local.get $z) (f64x2.mul (local.get $k) (local.get $quarter)))
                                 (local.get $radiansPerDegree)))
        (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
        (local.set $d
          (f64x2.div
            (f64x2.sub (v128.load (i32.add (local.get $ghiAt) (local.get $at)))
                       (v128.load (i32.add (local.get $dhiAt) (local.get $at))))
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
        (local.set $d (v128.bitselect (local.get $nan) (local.get $d) (f64x2.lt (local.get $d) (local.get $zero))))
        (if (i32.eq (local.get $capped) (i32.const 2))
          (then
            ;; The kernel's `if (band && d > cap) d = cap`, cap = dniClear x tolerance (NaN stays NaN).
            (local.set $cap (f64x2.mul (v128.load (i32.add (local.get $clearAt) (local.get $at)))
                                       (local.get $toleranceLanes)))
            (local.set $d (v128.bitselect (local.get $cap) (local.get $d) (f64x2.gt (local.get $d) (local.get $cap)))))
          (else
            ;; capped 1 (this loop runs only with dniClear): both rows listed for the caller's cap.
            (i32.store offset=122880 (i32.shl (global.get $listed) (i32.const 2)) (i32.shr_u (local.get $at) (i32.const 3)))
            (i32.store offset=122884 (i32.shl (global.get $listed) (i32.const 2))
                       (i32.add (i32.shr_u (local.get $at) (i32.const 3)) (i32.const 1)))
            (global.set $listed (i32.add (global.get $listed) (i32.const 2)))))
        (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $d))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $at))

  ;; The pairs from byte offset `at` on while both rows are in the zero band, z in [zeroAbove,
  ;; 180]: there the kernel gives NaN for any d but +-0, so no cosine is needed; the
  ;; sign of the +-0 is that of GHI - DHI, flipped where cos z < 0 (z > 90 deg; at 90 deg itself the
  ;; kernel divides by Math.cos, 6e-17 > 0). Returns the byte offset of the first pair not so, or end.
  (func $zeroBandPairs (param $at i32) (param $end i32) (param $ghiAt i32) (param $dhiAt i32)
                    (param $zenithAt i32) (param $dniAt i32) (param $zeroAbove f64) (result i32)
    (local $z v128) (local $diff v128) (local $from v128) (local $halfTurn v128) (local $quarterTurn v128)
    (local $sign v128) (local $zero v128) (local $nan v128)
    (local.set $from (f64x2.splat (local.get $zeroAbove)))
    (local.set $halfTurn (global.get $halfTurn))
    (local.set $quarterTurn (global.get $quarterTurn))
    (local.set $sign (global.get $signBit))
    (local.set $zero (global.get $zero))
    (local.set $nan (global.get $nan))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (br_if $done (i32.ne (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $from))
                                                      (f64x2.le (local.get $z) (local.get $halfTurn))))
                             (i32.const 3)))
        (local.set $diff (f64x2.sub (v128.load (i32.add (local.get $ghiAt) (local.get $at)))
                                    (v128.load (i32.add (local.get $dhiAt) (local.get $at)))))
        (v128.store (i32.add (local.get $dniAt) (local.get $at))
                    (v128.bitselect
                      (v128.xor (local.get $diff)
                                (v128.and (local.get $sign) (f64x2.gt (local.get $z) (local.get $quarterTurn))))
                      (local.get $nan)
                      (f64x2.eq (local.get $diff) (local.get $zero))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $at))

  ;; The kind of a pair of zeniths: 1 both by day, 2 both in the clear-sky band (limits as in
  ;; run: dayBelow, bandBelow; bandBelow = dayBelow without dniClear), 3 both in the zero band
  ;; (zeroAbove up to 180), else 0.
  (func $kindOf (param $z v128) (param $dayBelow v128) (param $bandBelow v128) (param $zeroAbove v128) (result i32)
    (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (global.get $zero))
                                         (f64x2.lt (local.get $z) (local.get $dayBelow))))
                (i32.const 3))
      (then (return (i32.const 1))))
    (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $dayBelow))
                                         (f64x2.lt (local.get $z) (local.get $bandBelow))))
                (i32.const 3))
      (then (return (i32.const 2))))
    (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zeroAbove))
                                         (f64x2.le (local.get $z) (global.get $halfTurn))))
                (i32.const 3))
      (then (return (i32.const 3))))
    (i32.const 0))

  ;; Whether the rows of a pair of zeniths take a call for their cosine in the kernel: NaN or
  ;; outside [0, 360] (Math.cos), or exactly 90 or 270 deg (the table's exact 0, replaced by
  ;; Math.cos: 6e-17 and -1.8e-16).
  (func $takesCalls (param $z v128) (result i32)
    (i32.or (i32.ne (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (global.get $zero))
                                             (f64x2.le (local.get $z) (global.get $fullTurn))))
                    (i32.const 3))
            (i64x2.bitmask (v128.or (f64x2.eq (local.get $z) (global.get $quarterTurn))
                                    (f64x2.eq (local.get $z) (global.get $threeQuarterTurn))))))

  ;; One row of the kernel's general form, as dniKernelTs writes it, at byte offset `at` of the
  ;; block's columns, with the calls for cos z ($cosDegrees; Math.cos for the table's exact 0 at 90
  ;; and 270 deg, as pvlib's cos(pi/2) = 6e-17): for the pairs of $takesCalls. Limits as in $mixedPairs.
  (func $callRow (param $at i32) (param $ghiAt i32) (param $dhiAt i32) (param $zenithAt i32)
                 (param $dniAt i32) (param $clearAt i32) (param $zeroAbove f64) (param $clearAbove f64)
                 (param $tolerance f64) (param $capped i32)
    (local $z f64) (local $c f64) (local $d f64) (local $cap f64)
    (local.set $z (f64.load (i32.add (local.get $zenithAt) (local.get $at))))
    (local.set $c (call $cosDegrees (local.get $z)))
    (if (f64.eq (local.get $c) (f64.const 0))
      (then (local.set $c (call $cos (f64.mul (local.get $z) (f64.const 0.017453292519943295))))))
    (local.set $d (f64.div (f64.sub (f64.load (i32.add (local.get $ghiAt) (local.get $at)))
                                    (f64.load (i32.add (local.get $dhiAt) (local.get $at))))
                           (local.get $c)))
    (if (f64.lt (local.get $d) (f64.const 0)) (then (local.set $d (f64.const nan))))
    (if (i32.and (f64.ge (local.get $z) (local.get $zeroAbove)) (f64.ne (local.get $d) (f64.const 0)))
      (then (local.set $d (f64.const nan))))
    (if (i32.and (f64.ge (local.get $z) (local.get $clearAbove)) (f64.lt (local.get $z) (local.get $zeroAbove)))
      (then
        (if (i32.eq (local.get $capped) (i32.const 2))
          (then
            (local.set $cap (f64.mul (f64.load (i32.add (local.get $clearAt) (local.get $at))) (local.get $tolerance)))
            (if (f64.gt (local.get $d) (local.get $cap)) (then (local.set $d (local.get $cap))))))
        (if (i32.eq (local.get $capped) (i32.const 1))
          (then
            (i32.store offset=122880 (i32.shl (global.get $listed) (i32.const 2)) (i32.shr_u (local.get $at) (i32.const 3)))
            (global.set $listed (i32.add (global.get $listed) (i32.const 1)))))))
    (f64.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $d)))

  ;; The pairs from byte offset `at` on, of any kind, pair by pair, up to where a long run starts
  ;; (the kind changes to one of 1-3 and the pair 8 pairs on is of that kind too: $dayPairs,
  ;; $bandPairs or $zeroBandPairs take it), or a pair that $takesCalls. `before` is the kind of the
  ;; pair before, kept from pair to pair; run passes the first pair's own kind, so that the first
  ;; pair is always taken here (run has found it neither starts a long run nor takes calls). A
  ;; pair by day or in the zero band takes the form of its run; any other, the kernel's general form: d = (GHI - DHI) / cos z; NaN where d < 0 or, at zenith >= zeroAbove, where d is not
  ;; 0 (NaN included, -0 not). With dniClear, the rows at clearAbove <= zenith < zeroAbove (the sun
  ;; low) are capped at tolerance x dniClear here (capped 2), or listed in the band column for the
  ;; caller's cap (capped 1). Without calls in its loop, so that V8 keeps its constants in registers.
  ;; Returns the byte offset where it stopped, or end.
  (func $mixedPairs (param $at i32) (param $end i32) (param $ghiAt i32) (param $dhiAt i32)
                    (param $zenithAt i32) (param $dniAt i32) (param $clearAt i32) (param $zeroAboveValue f64)
                    (param $clearAboveValue f64) (param $tolerance f64) (param $capped i32)
                    (param $dayBelowValue f64) (param $bandBelowValue f64) (param $before i32) (result i32)
    (local $ahead v128)
    (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $r v128) (local $r2 v128) (local $d v128) (local $diff v128) (local $band v128) (local $cap v128)
    (local $four v128) (local $half v128) (local $quarter v128) (local $radiansPerDegree v128)
    (local $one v128) (local $oneSixth v128) (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128)
    (local $indexBias v128) (local $zero v128) (local $nan v128)
    (local $dayBelow v128) (local $bandBelow v128) (local $zeroAbove v128) (local $clearAbove v128)
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
    (local.set $dayBelow (f64x2.splat (local.get $dayBelowValue)))
    (local.set $bandBelow (f64x2.splat (local.get $bandBelowValue)))
    (local.set $zeroAbove (f64x2.splat (local.get $zeroAboveValue)))
    (local.set $clearAbove (f64x2.splat (local.get $clearAboveValue)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (local.set $diff (f64x2.sub (v128.load (i32.add (local.get $ghiAt) (local.get $at)))
                                    (v128.load (i32.add (local.get $dhiAt) (local.get $at)))))
        ;; Each kind as $kindOf (inline: no call in this loop). Where the kind changes, stop at the
        ;; start of a long run: the pair 8 pairs on of the same kind.
        (block $stored
          (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zeroAbove))
                                               (f64x2.le (local.get $z) (global.get $halfTurn))))
                      (i32.const 3))
            (then
              (if (i32.ne (local.get $before) (i32.const 3))
                (then
                  (br_if $done
                    (i32.and (i32.lt_u (i32.add (local.get $at) (i32.const 128)) (local.get $end))
                             (block (result i32)
                             (local.set $ahead (v128.load offset=128 (i32.add (local.get $zenithAt) (local.get $at))))
                             (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $ahead) (local.get $zeroAbove))
                                                          (f64x2.le (local.get $ahead) (global.get $halfTurn))))
                                     (i32.const 3)))))
                  (local.set $before (i32.const 3))))
              ;; In the zero band: as $zeroBandPairs.
              (v128.store (i32.add (local.get $dniAt) (local.get $at))
                          (v128.bitselect
                            (v128.xor (local.get $diff)
                                      (v128.and (global.get $signBit) (f64x2.gt (local.get $z) (global.get $quarterTurn))))
                            (local.get $nan)
                            (f64x2.eq (local.get $diff) (local.get $zero))))
              (br $stored)))
          (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zero))
                                               (f64x2.lt (local.get $z) (local.get $dayBelow))))
                      (i32.const 3))
            (then
              (if (i32.ne (local.get $before) (i32.const 1))
                (then
                  (br_if $done
                    (i32.and (i32.lt_u (i32.add (local.get $at) (i32.const 128)) (local.get $end))
                             (block (result i32)
                             (local.set $ahead (v128.load offset=128 (i32.add (local.get $zenithAt) (local.get $at))))
                             (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $ahead) (local.get $zero))
                                                          (f64x2.lt (local.get $ahead) (local.get $dayBelow))))
                                     (i32.const 3)))))
                  (local.set $before (i32.const 1)))))
            (else
              (if (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $dayBelow))
                                                   (f64x2.lt (local.get $z) (local.get $bandBelow))))
                          (i32.const 3))
                (then
                  (if (i32.ne (local.get $before) (i32.const 2))
                    (then
                      (br_if $done
                        (i32.and (i32.lt_u (i32.add (local.get $at) (i32.const 128)) (local.get $end))
                                 (block (result i32)
                                 (local.set $ahead (v128.load offset=128 (i32.add (local.get $zenithAt) (local.get $at))))
                                 (i32.eq (i64x2.bitmask (v128.and (f64x2.ge (local.get $ahead) (local.get $dayBelow))
                                                                  (f64x2.lt (local.get $ahead) (local.get $bandBelow))))
                                         (i32.const 3)))))
                      (local.set $before (i32.const 2)))))
                (else (local.set $before (i32.const 0))))
              ;; Not by day: stop at a pair whose cosines take calls (run takes it; see $takesCalls).
              (br_if $done (i32.or (i32.ne (i64x2.bitmask (v128.and (f64x2.ge (local.get $z) (local.get $zero))
                                                                    (f64x2.le (local.get $z) (global.get $fullTurn))))
                                           (i32.const 3))
                                   (i64x2.bitmask (v128.or (f64x2.eq (local.get $z) (global.get $quarterTurn))
                                                           (f64x2.eq (local.get $z) (global.get $threeQuarterTurn))))))))
          ;; By day, in the band or any other pair: d = (GHI - DHI) / cos z, cos z from the node table.
          (local.set $k (f64x2.floor (f64x2.add (f64x2.mul (local.get $z) (local.get $four)) (local.get $half))))
          (local.set $nodes (i32x4.shl (f64x2.add (local.get $k) (local.get $indexBias)) (i32.const 4)))
          (local.set $pair0 (v128.load (i32x4.extract_lane 0 (local.get $nodes))))
          (local.set $pair1 (v128.load (i32x4.extract_lane 2 (local.get $nodes))))
          (local.set $r (f64x2.mul (f64x2.sub (local.get $z) (f64x2.mul (local.get $k) (local.get $quarter)))
                                   (local.get $radiansPerDegree)))
          (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
          (local.set $d
            (f64x2.div
              (local.get $diff)
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
          (if (i32.eq (local.get $before) (i32.const 1))
            (then
              ;; By day: as $dayPairs.
              (v128.store (i32.add (local.get $dniAt) (local.get $at))
                          (v128.bitselect (local.get $nan) (local.get $d) (f64x2.lt (local.get $d) (local.get $zero))))
              (br $stored)))
          ;; Otherwise the kernel's general form.
          (local.set $d (v128.bitselect (local.get $nan) (local.get $d)
                          (v128.or (f64x2.lt (local.get $d) (local.get $zero))
                                   (v128.and (f64x2.ge (local.get $z) (local.get $zeroAbove))
                                             (f64x2.ne (local.get $d) (local.get $zero))))))
          (if (local.get $capped)
            (then
              (local.set $band (v128.and (f64x2.ge (local.get $z) (local.get $clearAbove))
                                         (f64x2.lt (local.get $z) (local.get $zeroAbove))))
              (if (i32.eq (local.get $capped) (i32.const 2))
                (then
                  ;; The kernel's `if (band && d > cap) d = cap`, cap = dniClear x tolerance.
                  (local.set $cap (f64x2.mul (v128.load (i32.add (local.get $clearAt) (local.get $at)))
                                             (f64x2.splat (local.get $tolerance))))
                  (local.set $d (v128.bitselect (local.get $cap) (local.get $d)
                                  (v128.and (local.get $band) (f64x2.gt (local.get $d) (local.get $cap))))))
                (else
                  (if (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $band)))
                    (then
                      (i32.store offset=122880 (i32.shl (global.get $listed) (i32.const 2)) (i32.shr_u (local.get $at) (i32.const 3)))
                      (global.set $listed (i32.add (global.get $listed) (i32.const 1)))))
                  (if (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $band)))
                    (then
                      (i32.store offset=122880 (i32.shl (global.get $listed) (i32.const 2))
                                 (i32.add (i32.shr_u (local.get $at) (i32.const 3)) (i32.const 1)))
                      (global.set $listed (i32.add (global.get $listed) (i32.const 1)))))))))
          (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $d)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $at))

  ;; Rows [0, rows) of the block at the given byte addresses. A pair that starts a long run (its kind
  ;; shared by the pair 8 pairs on) goes to the run's function: by day ($dayPairs), in the clear-sky
  ;; band ($bandPairs, with dniClear), in the zero band ($zeroBandPairs), each a tight loop
  ;; with its constants in registers; a pair whose cosines take calls, row by row ($callRow); any
  ;; other, with those that follow up to the next of these, $mixedPairs. Returns the number of rows
  ;; listed in band. capped: 0 without dniClear; 1 to list the clear-sky band's rows for the
  ;; caller's cap; 2 to cap them here, from the dniClear column at clearAt (in the module's memory: a
  ;; closureColumns allocation).
  (func (export "run") (param $rows i32) (param $ghiAt i32) (param $dhiAt i32) (param $zenithAt i32)
                       (param $dniAt i32) (param $clearAt i32) (param $zeroAbove f64) (param $clearAbove f64)
                       (param $tolerance f64) (param $capped i32) (result i32)
    (local $at i32) (local $end i32) (local $kind i32) (local $z v128) (local $dayBelow f64) (local $bandBelow f64)
    (local $dayBelowLanes v128) (local $bandBelowLanes v128) (local $zeroAboveLanes v128)
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (global.set $listed (i32.const 0))
    ;; Below dayBelow a row is by day with nothing but d < 0 to test: under 90 deg (cos z > 0, never
    ;; the table's exact 0), under zeroAbove and, with dniClear, under clearAbove (the band, up to
    ;; bandBelow).
    (local.set $bandBelow (f64.min (f64.const 90) (local.get $zeroAbove)))
    (local.set $dayBelow (local.get $bandBelow))
    (if (local.get $capped)
      (then (local.set $dayBelow (f64.min (local.get $dayBelow) (local.get $clearAbove)))))
    (local.set $dayBelowLanes (f64x2.splat (local.get $dayBelow)))
    (local.set $bandBelowLanes (f64x2.splat (local.get $bandBelow)))
    (local.set $zeroAboveLanes (f64x2.splat (local.get $zeroAbove)))
    (block $done
      (loop $runs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (local.set $kind (call $kindOf (local.get $z) (local.get $dayBelowLanes) (local.get $bandBelowLanes)
                                       (local.get $zeroAboveLanes)))
        (block $next
          (if (i32.and (i32.ne (local.get $kind) (i32.const 0))
                       (i32.lt_u (i32.add (local.get $at) (i32.const 128)) (local.get $end)))
            (then
              (if (i32.eq (local.get $kind)
                          (call $kindOf (v128.load offset=128 (i32.add (local.get $zenithAt) (local.get $at)))
                                        (local.get $dayBelowLanes) (local.get $bandBelowLanes) (local.get $zeroAboveLanes)))
                (then
                  (if (i32.eq (local.get $kind) (i32.const 1))
                    (then (local.set $at (call $dayPairs (local.get $at) (local.get $end) (local.get $ghiAt) (local.get $dhiAt)
                                                         (local.get $zenithAt) (local.get $dniAt) (local.get $dayBelow)))))
                  (if (i32.eq (local.get $kind) (i32.const 2))
                    (then (local.set $at (call $bandPairs (local.get $at) (local.get $end) (local.get $ghiAt) (local.get $dhiAt)
                                                          (local.get $zenithAt) (local.get $dniAt) (local.get $clearAt)
                                                          (local.get $dayBelow) (local.get $bandBelow) (local.get $tolerance)
                                                          (local.get $capped)))))
                  (if (i32.eq (local.get $kind) (i32.const 3))
                    (then (local.set $at (call $zeroBandPairs (local.get $at) (local.get $end) (local.get $ghiAt) (local.get $dhiAt)
                                                           (local.get $zenithAt) (local.get $dniAt) (local.get $zeroAbove)))))
                  (br $next)))))
          (if (call $takesCalls (local.get $z))
            (then
              (call $callRow (local.get $at) (local.get $ghiAt) (local.get $dhiAt) (local.get $zenithAt) (local.get $dniAt)
                             (local.get $clearAt) (local.get $zeroAbove) (local.get $clearAbove) (local.get $tolerance)
                             (local.get $capped))
              (call $callRow (i32.add (local.get $at) (i32.const 8)) (local.get $ghiAt) (local.get $dhiAt)
                             (local.get $zenithAt) (local.get $dniAt) (local.get $clearAt) (local.get $zeroAbove)
                             (local.get $clearAbove) (local.get $tolerance) (local.get $capped))
              (local.set $at (i32.add (local.get $at) (i32.const 16)))
              (br $next)))
          (local.set $at (call $mixedPairs (local.get $at) (local.get $end) (local.get $ghiAt) (local.get $dhiAt)
                                           (local.get $zenithAt) (local.get $dniAt) (local.get $clearAt)
                                           (local.get $zeroAbove) (local.get $clearAbove) (local.get $tolerance)
                                           (local.get $capped) (local.get $dayBelow) (local.get $bandBelow)
                                           (local.get $kind))))
        (br $runs)))
    (global.get $listed)))
