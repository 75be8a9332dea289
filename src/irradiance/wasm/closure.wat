;; DNI from GHI and DHI with pvlib's limits near the horizon (dni and the missing-DNI branch of
;; completeIrradiance) over one block of rows, two rows at a time in f64x2 lanes: the WebAssembly
;; SIMD form of dniKernel in ../closure.ts, which stays the reference. Every value is computed with
;; the same IEEE operations in the same order as the TypeScript kernel (cos z from the same
;; quarter-degree node table and remainder series as kt-decomposition.wat), so the results are the
;; same doubles, bit for bit.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into closure.wasm.ts.
;;
;; Memory (byte offsets): [0, 23056) the (cos, sin) pairs of the 1441 quarter-degree nodes
;; (trig-tables.ts); then 4096-row columns of doubles: ghi, dhi, zenith; band, 4096 i32 (the rows
;; of the block in the clear-sky band, for the caller's cap); and dni, the result (which holds cos z
;; between the two passes). `run` takes the byte address of each column it reads or writes (16-byte
;; aligned, room for an even number of rows): the block's columns above for the copying path, or
;; the columns of a closureColumns allocation (an instance of its own whose memory has grown to hold
;; them after the block), which it reads and writes where they lie, a block of at most 4096 rows
;; per call (the band list is the block's).
(module
  ;; Math.cos, for zenith angles outside [0, 360] (and NaN), where the kernel calls it too.
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
  (global $halfTurn (mut v128) (v128.const f64x2 180 180))
  (global $minusOne (mut v128) (v128.const f64x2 -1 -1))

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

  ;; The pairs of rows whose cos z the first pass of run left to the calls (NaN in both lanes: a
  ;; lane outside [0, 360] or NaN; or 0 in a lane: the table's exact 0 at 90 deg), `listed` of them,
  ;; their byte offsets in the band column (from zenithAt and cosAt): in each, a NaN lane takes
  ;; $cosDegrees (the node table, or Math.cos), then a 0 lane Math.cos, as the TypeScript kernel does.
  (func $cosFix (param $listed i32) (param $zenithAt i32) (param $cosAt i32)
    (local $k i32) (local $at i32) (local $c f64) (local $z f64) (local $where i32)
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $k) (i32.shl (local.get $listed) (i32.const 1))))
        ;; Row k of the list: lane k & 1 of listed pair k >> 1.
        (local.set $at (i32.add (i32.load offset=122880 (i32.shl (i32.shr_u (local.get $k) (i32.const 1)) (i32.const 2)))
                                (i32.shl (i32.and (local.get $k) (i32.const 1)) (i32.const 3))))
        (local.set $where (i32.add (local.get $cosAt) (local.get $at)))
        (local.set $c (f64.load (local.get $where)))
        (local.set $z (f64.load (i32.add (local.get $zenithAt) (local.get $at))))
        (if (f64.ne (local.get $c) (local.get $c)) (then (local.set $c (call $cosDegrees (local.get $z)))))
        (if (f64.eq (local.get $c) (f64.const 0))
          (then (local.set $c (call $cos (f64.mul (local.get $z) (f64.const 0.017453292519943295))))))
        (f64.store (local.get $where) (local.get $c))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $rows))))

  ;; Rows [0, rows) of the block at the given byte addresses, in two short passes (as kt-decomposition.wat): cos z into the dni
  ;; column, then DNI and its limits; returns the number of rows listed in band. capped: 0 without
  ;; dniClear; 1 to list the clear-sky band's rows for the caller's cap; 2 to cap them here, from the
  ;; dniClear column at clearAt (in the module's memory: a closureColumns allocation). nightAbove:
  ;; max(90, zeroAbove) [deg]; pairs of rows whose zeniths are both above it (and at most 180: the
  ;; night of a series) skip the cosine, which cannot change their result (see the first pass).
  (func (export "run") (param $rows i32) (param $ghiAt i32) (param $dhiAt i32) (param $zenithAt i32)
                       (param $dniAt i32) (param $clearAt i32) (param $zeroAbove f64) (param $clearAbove f64)
                       (param $tolerance f64) (param $capped i32) (param $nightAboveValue f64) (result i32)
    (local $at i32) (local $end i32) (local $node0 i32) (local $node1 i32)
    (local $z v128) (local $k v128) (local $nodes v128) (local $pair0 v128) (local $pair1 v128)
    (local $r v128) (local $r2 v128) (local $cosZ v128) (local $d v128) (local $diff v128)
    (local $fullTurn v128) (local $four v128) (local $half v128) (local $quarter v128)
    (local $radiansPerDegree v128) (local $one v128) (local $oneSixth v128)
    (local $oneTwentyFourth v128) (local $oneHundredTwentieth v128) (local $indexBias v128)
    (local $zero v128) (local $nan v128) (local $zeroAboveLanes v128)
    (local $clearAboveLanes v128) (local $band v128) (local $cap v128) (local $toleranceLanes v128) (local $count i32) (local $fix i32) (local $nightAbove v128) (local $halfTurn v128) (local $minusOne v128)
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
    (local.set $nightAbove (f64x2.splat (local.get $nightAboveValue)))
    (local.set $halfTurn (global.get $halfTurn))
    (local.set $minusOne (global.get $minusOne))
    (local.set $nan (global.get $nan))

    ;; First pass: cos z, both lanes from the node table when both are in [0, 360].
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (if (i32.eq (i64x2.bitmask (v128.and (f64x2.gt (local.get $z) (local.get $nightAbove))
                                             (f64x2.le (local.get $z) (local.get $halfTurn))))
                    (i32.const 3))
          (then
            ;; Both lanes in (max(90, zeroAbove), 180]: the second pass gives NaN for any d but +-0,
            ;; and the sign of +-0 / cos z is that of -1 (cos z < 0 there): no cosine needed.
            (local.set $cosZ (local.get $minusOne)))
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
            ;; A lane outside [0, 360] or NaN: NaN in both lanes here, which $cosFix replaces after
            ;; the loop by the lanes' own cosines.
            (local.set $cosZ (local.get $nan))))
        ;; Such a pair, or the table's exact 0 at 90 deg in a lane (the kernel takes Math.cos there,
        ;; 6e-17): listed (its byte offset) in the band column, for $cosFix.
        (if (i64x2.bitmask (v128.or (f64x2.ne (local.get $cosZ) (local.get $cosZ))
                                    (f64x2.eq (local.get $cosZ) (local.get $zero))))
          (then
            (i32.store offset=122880 (i32.shl (local.get $fix) (i32.const 2)) (local.get $at))
            (local.set $fix (i32.add (local.get $fix) (i32.const 1)))))))
        (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $cosZ))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))

    ;; The rare lanes of the first pass, by calls that stay out of its loop (a call inside a loop
    ;; made V8 keep the loop's constants on the stack and reload them at every pair); the second
    ;; pass's constants are read again after it, so that none lives across the call.
    (if (local.get $fix) (then (call $cosFix (local.get $fix) (local.get $zenithAt) (local.get $dniAt))))
    (local.set $zero (global.get $zero))
    (local.set $minusOne (global.get $minusOne))

    ;; Second pass: d = (GHI - DHI) / cos z; NaN where d < 0 or, at zenith >= zeroAbove, where d is
    ;; not 0 (NaN included, -0 not). With dniClear, the rows at clearAbove <= zenith < zeroAbove
    ;; (a few in a hundred: the sun low) are listed in the band column, and the caller caps their d
    ;; at tolerance x dniClear: dniClear is then read for those rows only, not copied in.
    (local.set $nan (global.get $nan))
    (local.set $zeroAboveLanes (f64x2.splat (local.get $zeroAbove)))
    (local.set $clearAboveLanes (f64x2.splat (local.get $clearAbove)))
    (local.set $toleranceLanes (f64x2.splat (local.get $tolerance)))
    (local.set $at (i32.const 0))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $z (v128.load (i32.add (local.get $zenithAt) (local.get $at))))
        (local.set $diff (f64x2.sub (v128.load (i32.add (local.get $ghiAt) (local.get $at)))
                                    (v128.load (i32.add (local.get $dhiAt) (local.get $at)))))
        (local.set $cosZ (v128.load (i32.add (local.get $dniAt) (local.get $at))))
        (block $stored
        ;; cos z = -1 in both lanes (the first pass's night, or z = 180): x / -1 is -x exactly, so
        ;; the negation stands for the division.
        (if (i32.eq (i64x2.bitmask (f64x2.eq (local.get $cosZ) (local.get $minusOne))) (i32.const 3))
          (then
            (local.set $d (f64x2.neg (local.get $diff)))
            ;; Both zeniths at or above zeroAbove (the night): no row in the band, and the selects
            ;; below reduce to d where d is +-0, else NaN.
            (if (i32.eq (i64x2.bitmask (f64x2.ge (local.get $z) (local.get $zeroAboveLanes))) (i32.const 3))
              (then
                (v128.store (i32.add (local.get $dniAt) (local.get $at))
                            (v128.bitselect (local.get $d) (local.get $nan) (f64x2.eq (local.get $d) (local.get $zero))))
                (br $stored))))
          (else (local.set $d (f64x2.div (local.get $diff) (local.get $cosZ)))))
        (local.set $d (v128.bitselect (local.get $nan) (local.get $d)
                        (v128.or (f64x2.lt (local.get $d) (local.get $zero))
                                 (v128.and (f64x2.ge (local.get $z) (local.get $zeroAboveLanes))
                                           (f64x2.ne (local.get $d) (local.get $zero))))))
        (if (i32.eq (local.get $capped) (i32.const 2))
          (then
            ;; The cap of the kernel's `if (band && d > cap) d = cap`, cap = dniClear x tolerance,
            ;; for pairs with a row in the band (a few in a hundred): dniClear is read for those only.
            (local.set $band (v128.and (f64x2.ge (local.get $z) (local.get $clearAboveLanes))
                                       (f64x2.lt (local.get $z) (local.get $zeroAboveLanes))))
            (if (i32.ne (i64x2.bitmask (local.get $band)) (i32.const 0))
              (then
                (local.set $cap (f64x2.mul (v128.load (i32.add (local.get $clearAt) (local.get $at)))
                                           (local.get $toleranceLanes)))
                (local.set $d (v128.bitselect (local.get $cap) (local.get $d)
                                (v128.and (local.get $band) (f64x2.gt (local.get $d) (local.get $cap)))))))))
        (if (i32.eq (local.get $capped) (i32.const 1))
          (then
            (local.set $band (v128.and (f64x2.ge (local.get $z) (local.get $clearAboveLanes))
                                       (f64x2.lt (local.get $z) (local.get $zeroAboveLanes))))
            (if (i32.ne (i64x2.bitmask (local.get $band)) (i32.const 0))
              (then
                (if (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $band)))
                  (then
                    (i32.store offset=122880 (i32.shl (local.get $count) (i32.const 2))
                               (i32.shr_u (local.get $at) (i32.const 3)))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))
                (if (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $band)))
                  (then
                    (i32.store offset=122880 (i32.shl (local.get $count) (i32.const 2))
                               (i32.add (i32.shr_u (local.get $at) (i32.const 3)) (i32.const 1)))
                    (local.set $count (i32.add (local.get $count) (i32.const 1)))))))))
        (v128.store (i32.add (local.get $dniAt) (local.get $at)) (local.get $d)))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))
    (local.get $count)))
