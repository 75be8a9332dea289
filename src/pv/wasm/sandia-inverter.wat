;; Sandia's inverter model (King, Gonzalez, Galbraith and Boyson 2007) over one block of rows, two
;; rows at a time in f64x2 lanes: the WebAssembly SIMD form of sandiaKernel in ../inverter.ts,
;; which stays the reference. Every value is computed with the same IEEE operations in the same
;; order as the TypeScript kernel (no fused multiply-add, no reassociation), so the results are the
;; same doubles, bit for bit; test/pv/wasm.test.ts checks that.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into sandia-inverter.wasm.ts.
;;
;; Memory (one block; the caller copies its columns in and the result out, sandiaKernelWasm in
;; ../inverter.ts):
;;   0       the inverter's terms, one double each: paco, pso, a0, k1, b1, cv, cc0, bb0, night
;;           (sandiaVoltageTerms of ../inverter.ts)
;;   1024    vDc [V]          \  the columns of the block: 4096 rows each; a block of an odd
;;   33792   pDc [W]           | number of rows has its last row repeated once more by the caller,
;;   66560   ac out [W]       /  so that every pair of lanes reads defined inputs
(module
  (memory (export "memory") 2)

  ;; The layout, for the caller (byte offsets; the loads and stores below repeat them).
  (global (export "terms") i32 (i32.const 0))
  (global (export "blockRows") i32 (i32.const 4096))
  (global (export "vDc") i32 (i32.const 1024))
  (global (export "pDc") i32 (i32.const 33792))
  (global (export "ac") i32 (i32.const 66560))

  ;; Rows [0, rows) of the block: A - B = a0 + k1 vDc, x = pDc - (bb0 + b1 vDc),
  ;; ac = x (paco / (A - B) + (cc0 + cv vDc) (x - (A - B))); then -|Pnt| where pDc < pso, else
  ;; f64x2.pmin(ac, paco) = paco < ac ? paco : ac (false for NaN, which stays NaN).
  (func (export "run") (param $rows i32)
    (local $at i32) (local $end i32)
    (local $paco v128) (local $pso v128) (local $a0 v128) (local $k1 v128) (local $b1 v128)
    (local $cv v128) (local $cc0 v128) (local $bb0 v128) (local $night v128)
    (local $p v128) (local $vdc v128) (local $ab v128) (local $x v128) (local $ac v128)
    (local.set $paco (v128.load64_splat (i32.const 0)))
    (local.set $pso (v128.load64_splat (i32.const 8)))
    (local.set $a0 (v128.load64_splat (i32.const 16)))
    (local.set $k1 (v128.load64_splat (i32.const 24)))
    (local.set $b1 (v128.load64_splat (i32.const 32)))
    (local.set $cv (v128.load64_splat (i32.const 40)))
    (local.set $cc0 (v128.load64_splat (i32.const 48)))
    (local.set $bb0 (v128.load64_splat (i32.const 56)))
    (local.set $night (v128.load64_splat (i32.const 64)))
    (local.set $end (i32.shl (local.get $rows) (i32.const 3)))
    (block $done
      (loop $pairs
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $p (v128.load offset=33792 (local.get $at)))
        (local.set $vdc (v128.load offset=1024 (local.get $at)))
        (local.set $ab (f64x2.add (local.get $a0) (f64x2.mul (local.get $k1) (local.get $vdc))))
        (local.set $x (f64x2.sub (local.get $p)
          (f64x2.add (local.get $bb0) (f64x2.mul (local.get $b1) (local.get $vdc)))))
        (local.set $ac (f64x2.mul (local.get $x)
          (f64x2.add (f64x2.div (local.get $paco) (local.get $ab))
            (f64x2.mul (f64x2.add (local.get $cc0) (f64x2.mul (local.get $cv) (local.get $vdc)))
              (f64x2.sub (local.get $x) (local.get $ab))))))
        (v128.store offset=66560 (local.get $at)
          (v128.bitselect (local.get $night)
            (f64x2.pmin (local.get $ac) (local.get $paco))
            (f64x2.lt (local.get $p) (local.get $pso))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $pairs)))))
