;; The Sandia Array Performance Model (King, Boyson and Kratochvil 2004) over columns of rows, two
;; rows at a time in f64x2 lanes: the WebAssembly SIMD form of sapmKernel in ../sapm.ts, which
;; stays the reference. Every value is computed with the same IEEE operations in the same order as
;; the TypeScript kernel (no fused multiply-add, no reassociation), and the logarithm is fastLogDegree5 of
;; ../../util/fast-log.ts step for step (its table, its series; the scaling into [1, 2) done on the
;; bits, which is the same exact operation as its multiplication by a power of 2), so the results
;; are the same doubles, bit for bit; test/pv/wasm.test.ts checks that.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into sapm.wasm.ts.
;;
;; Memory: the function `run` takes the byte address of each column (16-byte aligned, each with
;; room for an even number of rows), so that it runs on either of two layouts (sapmKernelWasm in
;; ../sapm.ts):
;;   - one block of the caller's columns, copied in and the results out, at the addresses below;
;;   - the columns of a sapmColumns allocation (an instance of its own whose memory holds the
;;     caller's columns themselves, as views): nothing copied, every row in one call.
;; The block layout:
;;   0       fastLog's table (fastLogDegree5's too): 1 / c_j and ln c_j of c_j = 1 + j / 128, side by side (128 pairs),
;;           so that one v128.load brings both of an index
;;   2048    the module's terms, one double each (see $run)
;;   4096    effectiveIrradiance [W/m2] \
;;   36864   tempCell [C]                |
;;   69632   iSc out [A]                 |  the columns of the block: 4096 rows each; a block of an
;;   102400  iMp out [A]                 |  odd number of rows has its last row repeated once more
;;   135168  vOc out [V]                 |  by the caller, so that every pair of lanes reads
;;   167936  vMp out [V]                 |  defined inputs
;;   200704  pMp out [W]                 |
;;   233472  iX out [A]                  |
;;   266240  iXx out [A]                /
(module
  ;; fastLogDegree5 itself, for the lanes outside the positive normal doubles (where it calls Math.log).
  (import "js" "log" (func $log (param f64) (result f64)))

  (memory (export "memory") 5)

  ;; The block layout, for the caller (byte offsets, passed to run).
  (global (export "logTable") i32 (i32.const 0))
  (global (export "terms") i32 (i32.const 2048))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "effectiveIrradiance") i32 (i32.const 4096))
  (global (export "tempCell") i32 (i32.const 36864))
  (global (export "iSc") i32 (i32.const 69632))
  (global (export "iMp") i32 (i32.const 102400))
  (global (export "vOc") i32 (i32.const 135168))
  (global (export "vMp") i32 (i32.const 167936))
  (global (export "pMp") i32 (i32.const 200704))
  (global (export "iX") i32 (i32.const 233472))
  (global (export "iXx") i32 (i32.const 266240))

  ;; The constants of the loop, as mutable globals that the loop reads into locals once: V8 folds a
  ;; v128.const into every use and rebuilds it there (see erbs.wat). Nothing writes them.
  (global $one (mut v128) (v128.const f64x2 1 1))
  (global $zero (mut v128) (v128.const f64x2 0 0))
  (global $kelvin (mut v128) (v128.const f64x2 273.15 273.15))
  (global $minNormal (mut v128) (v128.const f64x2 2.2250738585072014e-308 2.2250738585072014e-308))
  (global $inf (mut v128) (v128.const f64x2 inf inf))
  (global $ln2 (mut v128) (v128.const f64x2 0.6931471805599453 0.6931471805599453))
  ;; The series of log(1 + r), cut at r^5: 1/2, 1/3, -1/4, 1/5 as fastLogDegree5 writes them.
  (global $half (mut v128) (v128.const f64x2 0.5 0.5))
  (global $third (mut v128) (v128.const f64x2 0.3333333333333333 0.3333333333333333))
  (global $minusQuarter (mut v128) (v128.const f64x2 -0.25 -0.25))
  (global $fifth (mut v128) (v128.const f64x2 0.2 0.2))
  ;; The mantissa's bits, the exponent of 1 (a mantissa put in [1, 2)), and 2^52 + 1023 (an
  ;; exponent e in the low bits of 2^52 gives 2^52 + e, less this e - 1023, exactly).
  (global $mantissa (mut v128) (v128.const i64x2 0x000fffffffffffff 0x000fffffffffffff))
  (global $exponentOfOne (mut v128) (v128.const i64x2 0x3ff0000000000000 0x3ff0000000000000))
  (global $twoTo52 (mut v128) (v128.const i64x2 0x4330000000000000 0x4330000000000000))
  (global $bias (mut v128) (v128.const f64x2 4503599627371519 4503599627371519))

  ;; Rows [0, rows) of the columns at the byte addresses e, t (inputs) and iSc .. pMp (outputs), as
  ;; sapmKernel: the terms at 2048 are sapmTerms of ../sapm.ts:
  ;; isco, impo c0, impo c1, ixo c4, ixo c5, ixxo c6, ixxo c7, aisc, aimp, voco, vmpo, Ns n k / q,
  ;; c2, c3 / Ns, bvoco + mbvoc, mbvoc, bvmpo + mbvmp, mbvmp, temperatureRef, 1 / irradianceRef.
  (func (export "run") (param $rows i32) (param $e i32) (param $t i32) (param $iSc i32) (param $iMp i32)
    (param $iX i32) (param $iXx i32) (param $vOc i32) (param $vMp i32) (param $pMp i32)
    (local $at i32) (local $end i32) (local $j0 i32) (local $j1 i32)
    (local $isco v128) (local $m0 v128) (local $m1 v128) (local $x4 v128) (local $x5 v128) (local $x6 v128) (local $x7 v128) (local $aisc v128) (local $aimp v128) (local $voco v128)
    (local $vmpo v128) (local $nsnkq v128) (local $c2 v128) (local $c3n v128) (local $bvoc1 v128) (local $mbvoc v128) (local $bvmp1 v128) (local $mbvmp v128) (local $tRef v128) (local $invRef v128)
    (local $one v128) (local $zero v128) (local $kelvin v128) (local $minNormal v128) (local $inf v128)
    (local $ln2 v128) (local $half v128) (local $third v128) (local $minusQuarter v128)
    (local $fifth v128) (local $mantissa v128)
    (local $exponentOfOne v128) (local $twoTo52 v128) (local $bias v128)
    (local $ee v128) (local $tc v128) (local $dt v128) (local $fSc v128) (local $fMp v128)
    (local $imp v128) (local $night v128) (local $defined v128)
    (local $bits v128) (local $pair0 v128) (local $pair1 v128) (local $r v128) (local $r2 v128)
    (local $r4 v128) (local $poly v128) (local $lnE v128) (local $d v128)
    (local $v2 v128) (local $pos v128) (local $otherwise v128)
    (local.set $isco (v128.load64_splat (i32.const 2048)))
    (local.set $m0 (v128.load64_splat (i32.const 2056)))
    (local.set $m1 (v128.load64_splat (i32.const 2064)))
    (local.set $x4 (v128.load64_splat (i32.const 2072)))
    (local.set $x5 (v128.load64_splat (i32.const 2080)))
    (local.set $x6 (v128.load64_splat (i32.const 2088)))
    (local.set $x7 (v128.load64_splat (i32.const 2096)))
    (local.set $aisc (v128.load64_splat (i32.const 2104)))
    (local.set $aimp (v128.load64_splat (i32.const 2112)))
    (local.set $voco (v128.load64_splat (i32.const 2120)))
    (local.set $vmpo (v128.load64_splat (i32.const 2128)))
    (local.set $nsnkq (v128.load64_splat (i32.const 2136)))
    (local.set $c2 (v128.load64_splat (i32.const 2144)))
    (local.set $c3n (v128.load64_splat (i32.const 2152)))
    (local.set $bvoc1 (v128.load64_splat (i32.const 2160)))
    (local.set $mbvoc (v128.load64_splat (i32.const 2168)))
    (local.set $bvmp1 (v128.load64_splat (i32.const 2176)))
    (local.set $mbvmp (v128.load64_splat (i32.const 2184)))
    (local.set $tRef (v128.load64_splat (i32.const 2192)))
    (local.set $invRef (v128.load64_splat (i32.const 2200)))
    (local.set $one (global.get $one))
    (local.set $zero (global.get $zero))
    (local.set $kelvin (global.get $kelvin))
    (local.set $minNormal (global.get $minNormal))
    (local.set $inf (global.get $inf))
    (local.set $ln2 (global.get $ln2))
    (local.set $half (global.get $half))
    (local.set $third (global.get $third))
    (local.set $minusQuarter (global.get $minusQuarter))
    (local.set $fifth (global.get $fifth))
    (local.set $mantissa (global.get $mantissa))
    (local.set $exponentOfOne (global.get $exponentOfOne))
    (local.set $twoTo52 (global.get $twoTo52))
    (local.set $bias (global.get $bias))
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $ee (f64x2.mul (v128.load (i32.add (local.get $e) (local.get $at))) (local.get $invRef)))
        (local.set $tc (v128.load (i32.add (local.get $t) (local.get $at))))
        ;; The night: ee = 0 with a defined temperature; every output 0.
        (local.set $night (v128.and (f64x2.eq (local.get $ee) (local.get $zero))
          (f64x2.eq (local.get $tc) (local.get $tc))))
        (if (i32.eqz (i64x2.all_true (local.get $night)))
          (then
            (local.set $dt (f64x2.sub (local.get $tc) (local.get $tRef)))
            (local.set $fSc (f64x2.add (local.get $one) (f64x2.mul (local.get $aisc) (local.get $dt))))
            (local.set $fMp (f64x2.add (local.get $one) (f64x2.mul (local.get $aimp) (local.get $dt))))
            (v128.store (i32.add (local.get $iSc) (local.get $at)) (v128.andnot
              (f64x2.mul (f64x2.mul (local.get $isco) (local.get $ee)) (local.get $fSc))
              (local.get $night)))
            (local.set $imp (f64x2.mul (f64x2.mul (local.get $ee)
              (f64x2.add (local.get $m0) (f64x2.mul (local.get $m1) (local.get $ee)))) (local.get $fMp)))
            (v128.store (i32.add (local.get $iMp) (local.get $at)) (v128.andnot (local.get $imp) (local.get $night)))
            (v128.store (i32.add (local.get $iX) (local.get $at)) (v128.andnot
              (f64x2.mul (f64x2.mul (local.get $ee)
                (f64x2.add (local.get $x4) (f64x2.mul (local.get $x5) (local.get $ee)))) (local.get $fSc))
              (local.get $night)))
            (v128.store (i32.add (local.get $iXx) (local.get $at)) (v128.andnot
              (f64x2.mul (f64x2.mul (local.get $ee)
                (f64x2.add (local.get $x6) (f64x2.mul (local.get $x7) (local.get $ee)))) (local.get $fMp))
              (local.get $night)))
            ;; ln ee as fastLogDegree5: ee = 2^(e - 1023) m, m in [1, 2); j the top 7 bits of the
            ;; mantissa; r = m / c_j - 1 (as m times 1 / c_j, less 1), and the series.
            (local.set $bits (local.get $ee))
            (local.set $j0 (i32.and (i32.wrap_i64 (i64.shr_u (i64x2.extract_lane 0 (local.get $bits))
              (i64.const 45))) (i32.const 127)))
            (local.set $j1 (i32.and (i32.wrap_i64 (i64.shr_u (i64x2.extract_lane 1 (local.get $bits))
              (i64.const 45))) (i32.const 127)))
            (local.set $pair0 (v128.load (i32.shl (local.get $j0) (i32.const 4))))
            (local.set $pair1 (v128.load (i32.shl (local.get $j1) (i32.const 4))))
            (local.set $r (f64x2.sub
              (f64x2.mul
                (v128.or (v128.and (local.get $bits) (local.get $mantissa)) (local.get $exponentOfOne))
                (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $pair0) (local.get $pair1)))
              (local.get $one)))
            (local.set $r2 (f64x2.mul (local.get $r) (local.get $r)))
            (local.set $r4 (f64x2.mul (local.get $r2) (local.get $r2)))
            (local.set $poly (f64x2.add
              (f64x2.sub (local.get $r)
                (f64x2.mul (local.get $r2)
                  (f64x2.sub (local.get $half) (f64x2.mul (local.get $r) (local.get $third)))))
              (f64x2.mul (local.get $r4)
                (f64x2.add (local.get $minusQuarter) (f64x2.mul (local.get $r) (local.get $fifth))))))
            (local.set $lnE (f64x2.add
              (f64x2.add
                (f64x2.mul
                  (f64x2.sub
                    (v128.or (i64x2.shr_u (local.get $bits) (i32.const 52)) (local.get $twoTo52))
                    (local.get $bias))
                  (local.get $ln2))
                (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $pair0) (local.get $pair1)))
              (local.get $poly)))
            ;; A positive lane outside the normal doubles (a subnormal, infinity): fastLogDegree5 (Math.log)
            ;; for the pair. (The lanes of ee <= 0 or NaN do not use the logarithm.)
            (local.set $pos (f64x2.gt (local.get $ee) (local.get $zero)))
            (if (v128.any_true (v128.andnot (local.get $pos) (v128.and
                  (f64x2.ge (local.get $ee) (local.get $minNormal))
                  (f64x2.lt (local.get $ee) (local.get $inf)))))
              (then
                (local.set $lnE (f64x2.replace_lane 0 (local.get $lnE)
                  (call $log (f64x2.extract_lane 0 (local.get $ee)))))
                (local.set $lnE (f64x2.replace_lane 1 (local.get $lnE)
                  (call $log (f64x2.extract_lane 1 (local.get $ee)))))))
            ;; D = Ns delta ln ee; Voc and Vmp clipped below at 0 by pmax (voc < 0 ? 0 : voc, NaN kept).
            (local.set $d (f64x2.mul
              (f64x2.mul (local.get $nsnkq) (f64x2.add (local.get $tc) (local.get $kelvin)))
              (local.get $lnE)))
            (local.set $v2 (f64x2.pmax
              (f64x2.add
                (f64x2.add (local.get $vmpo)
                  (f64x2.mul (local.get $d) (f64x2.add (local.get $c2) (f64x2.mul (local.get $c3n) (local.get $d)))))
                (f64x2.mul (f64x2.sub (local.get $bvmp1) (f64x2.mul (local.get $mbvmp) (local.get $ee)))
                  (local.get $dt)))
              (local.get $zero)))
            ;; ee > 0: the formulas; else 0 where ee and tc are defined (the night among them), NaN
            ;; where either is NaN.
            (local.set $defined (v128.and (f64x2.eq (local.get $ee) (local.get $ee))
              (f64x2.eq (local.get $tc) (local.get $tc))))
            (local.set $otherwise (v128.andnot (f64x2.add (local.get $ee) (local.get $tc)) (local.get $defined)))
            (v128.store (i32.add (local.get $vOc) (local.get $at))
              (v128.bitselect
                (f64x2.pmax
                  (f64x2.add (f64x2.add (local.get $voco) (local.get $d))
                    (f64x2.mul (f64x2.sub (local.get $bvoc1) (f64x2.mul (local.get $mbvoc) (local.get $ee)))
                      (local.get $dt)))
                  (local.get $zero))
                (local.get $otherwise) (local.get $pos)))
            (v128.store (i32.add (local.get $vMp) (local.get $at))
              (v128.bitselect (local.get $v2) (local.get $otherwise) (local.get $pos)))
            (v128.store (i32.add (local.get $pMp) (local.get $at))
              (v128.bitselect (f64x2.mul (local.get $imp) (local.get $v2)) (local.get $otherwise) (local.get $pos))))
          (else
            (v128.store (i32.add (local.get $iSc) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $iMp) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $iX) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $iXx) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $vOc) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $vMp) (local.get $at)) (local.get $zero))
            (v128.store (i32.add (local.get $pMp) (local.get $at)) (local.get $zero))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
