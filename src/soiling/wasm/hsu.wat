;; The loss loop of the HSU soiling model (Coello and Boyle 2019): loss = 0.3437 erf(0.17 m^0.8473)
;; and ratio = 1 - loss from the accumulated mass m [g/m2], two rows at a time in f64x2 lanes. The
;; WebAssembly SIMD form of the second loop of hsuRows in ../hsu.ts, which stays the reference:
;; every value is computed with the same IEEE operations in the same order (no fused multiply-add,
;; no reassociation), so the results are the same doubles, bit for bit; the tests check that.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into hsu.wasm.ts.
;;
;; Memory (the caller fills the constants and tables once, and per block copies the masses in and
;; the results out; hsuLossWasm in ../hsu.ts):
;;   0       constants, doubles: 0 B1, 8 B2, 16 B3 (binomial series of (1 + r)^0.8473);
;;           24..72 E0..E6 (Maclaurin series of erf); 80..112 a0..a4, 120..144 b0..b3 (Cody's
;;           rational erf below 0.46875); 152 0.17; 160 0.3437; 168 the series limit 0.125;
;;           176 the rational limit 0.46875
;;   256     per biased exponent b (2048 entries): 2^-(b - 1023) and (2^(b - 1023))^0.8473, side by
;;           side, so that one v128.load brings both
;;   33024   per cell j of [1, 2) (4096 cells): 1 / c_j and c_j^0.8473, side by side
;;   98560   masses [g/m2]   \  the columns of a block, 1024 rows each; a block of an odd number
;;   106752  ratio out        | of rows has its last mass repeated once more by the caller, so
;;   114944  loss out        /  that every pair of lanes reads defined inputs
(module
  ;; m^0.8473 for a mass that is not a positive normal double, and erf above 0.46875 or of NaN or a
  ;; negative argument: the TypeScript functions themselves.
  (import "js" "massToPower" (func $massToPower (param f64) (result f64)))
  (import "js" "erf" (func $erf (param f64) (result f64)))

  (memory (export "memory") 2)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "constants") i32 (i32.const 0))
  (global (export "scaleTable") i32 (i32.const 256))
  (global (export "cellTable") i32 (i32.const 33024))
  (global (export "blockRows") i32 (i32.const 1024))
  (global (export "mass") i32 (i32.const 98560))
  (global (export "ratio") i32 (i32.const 106752))
  (global (export "loss") i32 (i32.const 114944))

  ;; m^0.8473, one lane (see the two-lane form in $loss).
  (func $power (param $m f64) (result f64)
    (local $bits i64) (local $biased i32) (local $j i32) (local $r f64)
    (local.set $bits (i64.reinterpret_f64 (local.get $m)))
    ;; The sign and exponent bits: 1..2046 for a positive normal double.
    (local.set $biased (i32.wrap_i64 (i64.shr_u (local.get $bits) (i64.const 52))))
    (if (result f64) (i32.and (i32.gt_u (local.get $biased) (i32.const 0)) (i32.lt_u (local.get $biased) (i32.const 2047)))
      (then
        (local.set $biased (i32.shl (local.get $biased) (i32.const 4)))
        (local.set $j (i32.shl (i32.and (i32.wrap_i64 (i64.shr_u (local.get $bits) (i64.const 40))) (i32.const 4095))
                               (i32.const 4)))
        ;; r = (m 2^-e - c_j) / c_j. The kernel's c_j = 1 + (j + 0.5) / 4096 is exact in doubles; here
        ;; it is assembled from its bits: exponent 0, the top 12 mantissa bits of m, then a 1.
        (local.set $r
          (f64.mul
            (f64.sub (f64.mul (local.get $m) (f64.load offset=256 (local.get $biased)))
                     (f64.reinterpret_i64 (i64.or (i64.and (local.get $bits) (i64.const 0x000fff0000000000))
                                                  (i64.const 0x3ff0008000000000))))
            (f64.load offset=33024 (local.get $j))))
        ;; (2^e)^0.8473 c_j^0.8473 (1 + B1 r + r^2 (B2 + B3 r))
        (f64.mul
          (f64.mul (f64.load offset=264 (local.get $biased)) (f64.load offset=33032 (local.get $j)))
          (f64.add
            (f64.add (f64.const 1) (f64.mul (f64.load offset=0 (i32.const 0)) (local.get $r)))
            (f64.mul (f64.mul (local.get $r) (local.get $r))
                     (f64.add (f64.load offset=8 (i32.const 0)) (f64.mul (f64.load offset=16 (i32.const 0)) (local.get $r)))))))
      (else (f64.add (f64.const 0) (call $massToPower (local.get $m))))))

  ;; erf(y), one lane: the series up to 0.125, the rational form up to 0.46875, else the import.
  (func $erfOne (param $y f64) (result f64)
    (local $z f64) (local $z2 f64)
    (local.set $z (f64.mul (local.get $y) (local.get $y)))
    (if (result f64) (i32.and (f64.le (local.get $y) (f64.load offset=168 (i32.const 0))) (f64.ge (local.get $y) (f64.const 0)))
      (then
        (local.set $z2 (f64.mul (local.get $z) (local.get $z)))
        ;; y (E0 + E1 z + z2 (E2 + E3 z) + z2^2 (E4 + E5 z + z2 E6))
        (f64.mul (local.get $y)
          (f64.add
            (f64.add
              (f64.add (f64.load offset=24 (i32.const 0)) (f64.mul (f64.load offset=32 (i32.const 0)) (local.get $z)))
              (f64.mul (local.get $z2) (f64.add (f64.load offset=40 (i32.const 0)) (f64.mul (f64.load offset=48 (i32.const 0)) (local.get $z)))))
            (f64.mul (f64.mul (local.get $z2) (local.get $z2))
              (f64.add (f64.add (f64.load offset=56 (i32.const 0)) (f64.mul (f64.load offset=64 (i32.const 0)) (local.get $z)))
                       (f64.mul (local.get $z2) (f64.load offset=72 (i32.const 0))))))))
      (else
        (if (result f64) (i32.and (f64.le (local.get $y) (f64.load offset=176 (i32.const 0))) (f64.ge (local.get $y) (f64.const 0)))
          (then
            ;; y ((((a4 z + a0) z + a1) z + a2) z + a3) / ((((z + b0) z + b1) z + b2) z + b3)
            (f64.div
              (f64.mul (local.get $y)
                (f64.add (f64.mul (f64.add (f64.mul (f64.add (f64.mul (f64.add (f64.mul (f64.load offset=112 (i32.const 0)) (local.get $z))
                                                                                  (f64.load offset=80 (i32.const 0)))
                                                                         (local.get $z))
                                                                (f64.load offset=88 (i32.const 0)))
                                                       (local.get $z))
                                              (f64.load offset=96 (i32.const 0)))
                                     (local.get $z))
                         (f64.load offset=104 (i32.const 0))))
              (f64.add (f64.mul (f64.add (f64.mul (f64.add (f64.mul (f64.add (local.get $z) (f64.load offset=120 (i32.const 0)))
                                                                    (local.get $z))
                                                           (f64.load offset=128 (i32.const 0)))
                                                  (local.get $z))
                                         (f64.load offset=136 (i32.const 0)))
                                (local.get $z))
                       (f64.load offset=144 (i32.const 0)))))
          (else (f64.add (f64.const 0) (call $erf (local.get $y))))))))

  ;; Rows [0, rows) of the block: ratio and loss from the masses.
  (func (export "run") (param $rows i32)
    (local $at i32) (local $end i32) (local $scale0 i32) (local $scale1 i32) (local $cell0 i32) (local $cell1 i32)
    (local $m v128) (local $bits v128) (local $biased v128) (local $scales0 v128) (local $scales1 v128)
    (local $cells0 v128) (local $cells1 v128) (local $r v128) (local $power v128) (local $y v128)
    (local $z v128) (local $z2 v128) (local $series v128) (local $inSeries v128) (local $erfY v128) (local $l v128) (local $zero v128)
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $m (v128.load offset=98560 (local.get $at)))

        ;; m^0.8473: both lanes positive normal doubles or zeros here; otherwise one lane at a time.
        ;; A zero mass (every row the rain has just cleaned) gives +0, as 0 + massToPower(+-0) in
        ;; the kernel: its lane runs through the tables on whatever they hold and is then cleared.
        (local.set $bits (local.get $m))
        (local.set $biased (i64x2.shr_u (local.get $bits) (i32.const 52)))
        (local.set $zero (i64x2.eq (i64x2.shl (local.get $bits) (i32.const 1)) (v128.const i64x2 0 0)))
        (if (i32.eq (i64x2.bitmask (v128.or (v128.and (i64x2.gt_s (local.get $biased) (v128.const i64x2 0 0))
                                                      (i64x2.lt_s (local.get $biased) (v128.const i64x2 2047 2047)))
                                            (local.get $zero)))
                    (i32.const 3))
          (then
            ;; Byte offsets of each lane's entries in the two tables.
            (local.set $scale0 (i32.shl (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $biased))) (i32.const 4)))
            (local.set $scale1 (i32.shl (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $biased))) (i32.const 4)))
            (local.set $cell0 (i32.shl (i32.and (i32.wrap_i64 (i64.shr_u (i64x2.extract_lane 0 (local.get $bits)) (i64.const 40)))
                                                (i32.const 4095))
                                       (i32.const 4)))
            (local.set $cell1 (i32.shl (i32.and (i32.wrap_i64 (i64.shr_u (i64x2.extract_lane 1 (local.get $bits)) (i64.const 40)))
                                                (i32.const 4095))
                                       (i32.const 4)))
            ;; (2^-e, (2^e)^0.8473) and (1 / c_j, c_j^0.8473) of each lane.
            (local.set $scales0 (v128.load offset=256 (local.get $scale0)))
            (local.set $scales1 (v128.load offset=256 (local.get $scale1)))
            (local.set $cells0 (v128.load offset=33024 (local.get $cell0)))
            (local.set $cells1 (v128.load offset=33024 (local.get $cell1)))
            ;; r = (m 2^-e - c_j) / c_j, c_j from its bits as in $power.
            (local.set $r
              (f64x2.mul
                (f64x2.sub (f64x2.mul (local.get $m)
                                      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $scales0) (local.get $scales1)))
                           (v128.or (v128.and (local.get $bits) (v128.const i64x2 0x000fff0000000000 0x000fff0000000000))
                                    (v128.const i64x2 0x3ff0008000000000 0x3ff0008000000000)))
                (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $cells0) (local.get $cells1))))
            (local.set $power
              (f64x2.mul
                (f64x2.mul (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $scales0) (local.get $scales1))
                           (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $cells0) (local.get $cells1)))
                (f64x2.add
                  (f64x2.add (v128.const f64x2 1 1) (f64x2.mul (v128.load64_splat offset=0 (i32.const 0)) (local.get $r)))
                  (f64x2.mul (f64x2.mul (local.get $r) (local.get $r))
                             (f64x2.add (v128.load64_splat offset=8 (i32.const 0))
                                        (f64x2.mul (v128.load64_splat offset=16 (i32.const 0)) (local.get $r)))))))
            (local.set $power (v128.andnot (local.get $power) (local.get $zero))))
          (else
            (local.set $power (f64x2.splat (call $power (f64x2.extract_lane 0 (local.get $m)))))
            (local.set $power (f64x2.replace_lane 1 (local.get $power) (call $power (f64x2.extract_lane 1 (local.get $m)))))))
        (local.set $y (f64x2.mul (v128.load64_splat offset=152 (i32.const 0)) (local.get $power)))

        ;; erf(y): both lanes in the series' range here; otherwise one lane at a time.
        (local.set $inSeries (v128.and (f64x2.le (local.get $y) (v128.load64_splat offset=168 (i32.const 0)))
                                       (f64x2.ge (local.get $y) (v128.const f64x2 0 0))))
        (if (i32.eq (i64x2.bitmask (local.get $inSeries)) (i32.const 3))
          (then
            (local.set $z (f64x2.mul (local.get $y) (local.get $y)))
            (local.set $z2 (f64x2.mul (local.get $z) (local.get $z)))
            (local.set $erfY
              (f64x2.mul (local.get $y)
                (f64x2.add
                  (f64x2.add
                    (f64x2.add (v128.load64_splat offset=24 (i32.const 0)) (f64x2.mul (v128.load64_splat offset=32 (i32.const 0)) (local.get $z)))
                    (f64x2.mul (local.get $z2) (f64x2.add (v128.load64_splat offset=40 (i32.const 0))
                                                          (f64x2.mul (v128.load64_splat offset=48 (i32.const 0)) (local.get $z)))))
                  (f64x2.mul (f64x2.mul (local.get $z2) (local.get $z2))
                    (f64x2.add (f64x2.add (v128.load64_splat offset=56 (i32.const 0)) (f64x2.mul (v128.load64_splat offset=64 (i32.const 0)) (local.get $z)))
                               (f64x2.mul (local.get $z2) (v128.load64_splat offset=72 (i32.const 0)))))))))
          (else
            (local.set $erfY (f64x2.splat (call $erfOne (f64x2.extract_lane 0 (local.get $y)))))
            (local.set $erfY (f64x2.replace_lane 1 (local.get $erfY) (call $erfOne (f64x2.extract_lane 1 (local.get $y)))))))

        (local.set $l (f64x2.mul (v128.load64_splat offset=160 (i32.const 0)) (local.get $erfY)))
        (v128.store offset=106752 (local.get $at) (f64x2.sub (v128.const f64x2 1 1) (local.get $l)))
        (v128.store offset=114944 (local.get $at) (local.get $l))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
