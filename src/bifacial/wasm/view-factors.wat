;; The ground-to-sky view factor of the infinite-sheds geometry over a list of row tilts, two tilts
;; at a time in f64x2 lanes: the WebAssembly SIMD form of groundSkyVf in ../view-factors.ts (its
;; half-plane branch), which stays the reference. Every value is computed with the same
;; IEEE operations in the same order as the TypeScript (no fused multiply-add, no reassociation;
;; f64x2 add, sub, mul, div and sqrt round as the scalar operations), so the results are the same
;; doubles, bit for bit. A branch of the TypeScript becomes both of its sides computed and one
;; kept by v128.bitselect; a test of the form `a && (b || c)` becomes the and/or of the lanes'
;; comparison masks, which gives the same boolean (no side effects to skip).
;;
;; The caller (tiltViewFactors in ../view-factors-batch.ts) writes the tilts and their cosines and
;; sines (Math.cos and Math.sin in JavaScript) and reads the results; it recomputes in TypeScript
;; the tilts whose rows reach the ground (not a half plane: there the TypeScript takes
;; arctangents), so the lanes of those tilts here are scratch.
;;
;; rowGroundVf was written here too, the same way, and ran slower than its TypeScript (2.7 against
;; 2.3 ms for the 5,304 faces of a tracker year): with every branch computed, its 41 ground points
;; cost four square roots each, where the TypeScript takes one or two.
;;
;; scripts/build-wasm.ts compiles this file with wabt (wat2wasm) into view-factors.wasm.ts.
;;
;; Memory (one block of at most 4096 tilts, an even count: the caller repeats the last tilt of an
;; odd count):
;;   0        tilt [deg], in [0, 180]
;;   32768    cos(tilt)
;;   65536    sin(tilt)
;;   98304    out: groundSkyVf (ground to sky)
(module
  (memory (export "memory") 2)

  (global (export "blockTilts") i32 (i32.const 4096))
  (global (export "tilt") i32 (i32.const 0))
  (global (export "cos") i32 (i32.const 32768))
  (global (export "sin") i32 (i32.const 65536))
  (global (export "groundSkyOut") i32 (i32.const 98304))

  ;; The constants, as mutable globals read into locals once: V8 rebuilds a v128.const at each use
  ;; (see erbs.wat); a global it keeps in a register.
  (global $zero (mut v128) (v128.const f64x2 0 0))
  (global $one (mut v128) (v128.const f64x2 1 1))
  (global $minusOne (mut v128) (v128.const f64x2 -1 -1))
  (global $half (mut v128) (v128.const f64x2 0.5 0.5))
  ;; Math.sin(1e-8), which is 1e-8 (SIN_GRAZING of view-factors.ts).
  (global $sinGrazing (mut v128) (v128.const f64x2 0x1.5798ee2308c3ap-27 0x1.5798ee2308c3ap-27))

  ;; Written out below (Node 20's V8 does not inline wasm calls, and a call passing v128 values
  ;; cost a third of the time): dist(x, y) = sqrt(x x + y y) as
  ;; (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX x) (local.get $distX)) (f64x2.mul ...y...))),
  ;; and turnsLeftOf(u, |u|, v, |v|) of view-factors.ts, cross > 0 && (u.v < 0 || cross > (sin(1e-8) |u|) |v|),
  ;; as the and/or of the three comparison masks.

  ;; groundSkyVf(tilt, gcr, height, pitch, maxRows) for tilts [0, count) (count even), half-plane
  ;; branch.
  (func (export "groundSky") (param $count i32) (param $gcr f64) (param $heightScalar f64)
                             (param $pitchScalar f64) (param $maxRows i32)
    (local $at i32) (local $end i32) (local $k i32)
    (local $zero v128) (local $sg v128) (local $half v128) (local $height v128) (local $pitch v128)
    (local $scale v128) (local $width v128) (local $t v128) (local $sign v128)
    (local $halfCos v128) (local $halfSin v128) (local $signHalfCos v128) (local $signHalfSin v128)
    (local $kf v128) (local $cx v128) (local $cy v128) (local $dx v128)
    (local $leftX v128) (local $leftY v128) (local $rightX v128) (local $rightY v128)
    (local $left2X v128) (local $right2X v128) (local $use v128)
    (local $olx v128) (local $oly v128) (local $orx v128) (local $ory v128)
    (local $bOlx v128) (local $bOrx v128)
    (local $distAOl v128) (local $distAOr v128) (local $distBOl v128) (local $distBOr v128)
    (local $distOlC v128) (local $distOrC v128) (local $distOlD v128) (local $distOrD v128)
    (local $len v128) (local $bcx v128) (local $bdx v128)
    (local $ac v128) (local $ad v128) (local $bc v128) (local $bd v128)
    (local $vf v128) (local $total v128) (local $distX v128) (local $distY v128) (local $cross v128)
    (local.set $zero (global.get $zero))
    (local.set $sg (global.get $sinGrazing))
    (local.set $half (global.get $half))
    (local.set $height (f64x2.splat (local.get $heightScalar)))
    (local.set $pitch (f64x2.splat (local.get $pitchScalar)))
    ;; width = pitch gcr; scale = 0.5 / pitch; b = (pitch, 0).
    (local.set $width (f64x2.splat (f64.mul (local.get $pitchScalar) (local.get $gcr))))
    (local.set $scale (f64x2.splat (f64.div (f64.const 0.5) (local.get $pitchScalar))))
    (local.set $end (i32.shl (local.get $count) (i32.const 3)))
    (block $done
      (loop $tilts
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $t (v128.load offset=0 (local.get $at)))
        ;; sign = tilt > 0 ? 1 : tilt < 0 ? -1 : 0.
        (local.set $sign
          (v128.bitselect (global.get $one)
            (v128.bitselect (global.get $minusOne) (local.get $zero) (f64x2.lt (local.get $t) (local.get $zero)))
            (f64x2.gt (local.get $t) (local.get $zero))))
        ;; halfCos = 0.5 (width cos), halfSin = 0.5 (width sin).
        (local.set $halfCos (f64x2.mul (local.get $half) (f64x2.mul (local.get $width) (v128.load offset=32768 (local.get $at)))))
        (local.set $halfSin (f64x2.mul (local.get $half) (f64x2.mul (local.get $width) (v128.load offset=65536 (local.get $at)))))
        (local.set $signHalfCos (f64x2.mul (local.get $sign) (local.get $halfCos)))
        (local.set $signHalfSin (f64x2.mul (local.get $sign) (local.get $halfSin)))
        (local.set $total (local.get $zero))
        (local.set $k (i32.sub (i32.const 0) (local.get $maxRows)))
        (block $rowsDone
          (loop $rows
            (br_if $rowsDone (i32.gt_s (local.get $k) (local.get $maxRows)))
            (local.set $kf (f64x2.splat (f64.convert_i32_s (local.get $k))))
            ;; c, d: the upper edges of rows k+1 and k.
            (local.set $cx
              (f64x2.add (f64x2.mul (f64x2.splat (f64.convert_i32_s (i32.add (local.get $k) (i32.const 1)))) (local.get $pitch))
                         (local.get $signHalfCos)))
            (local.set $cy (f64x2.add (local.get $height) (local.get $signHalfSin)))
            (local.set $dx (f64x2.sub (local.get $cx) (local.get $pitch)))
            (local.set $leftX (f64x2.sub (f64x2.mul (local.get $kf) (local.get $pitch)) (local.get $halfCos)))
            (local.set $leftY (f64x2.sub (local.get $height) (local.get $halfSin)))
            (local.set $rightX (f64x2.add (f64x2.mul (local.get $kf) (local.get $pitch)) (local.get $halfCos)))
            (local.set $rightY (f64x2.add (local.get $height) (local.get $halfSin)))
            ;; Left obstruction, seen from a: row k's edge of the lower angle.
            (local.set $use
              (f64x2.gt (f64x2.sub (f64x2.mul (local.get $rightX) (local.get $leftY)) (f64x2.mul (local.get $rightY) (local.get $leftX)))
                        (local.get $zero)))
            (local.set $olx (v128.bitselect (local.get $rightX) (local.get $leftX) (local.get $use)))
            (local.set $oly (v128.bitselect (local.get $rightY) (local.get $leftY) (local.get $use)))
            ;; Right obstruction, seen from b: row k+1's edge of the higher angle.
            (local.set $left2X (f64x2.add (local.get $leftX) (local.get $pitch)))
            (local.set $right2X (f64x2.add (local.get $rightX) (local.get $pitch)))
            (local.set $use
              (f64x2.gt
                (f64x2.sub (f64x2.mul (f64x2.sub (local.get $right2X) (local.get $pitch)) (local.get $leftY))
                           (f64x2.mul (local.get $rightY) (f64x2.sub (local.get $left2X) (local.get $pitch))))
                (local.get $zero)))
            (local.set $orx (v128.bitselect (local.get $left2X) (local.get $right2X) (local.get $use)))
            (local.set $ory (v128.bitselect (local.get $leftY) (local.get $rightY) (local.get $use)))
            ;; a = (0, 0), b = (pitch, 0), d = (dx, cy): a's vectors are the points themselves
            ;; (x - 0 is x, bit for bit).
            (local.set $bOlx (f64x2.sub (local.get $olx) (local.get $pitch)))
            (local.set $bOrx (f64x2.sub (local.get $orx) (local.get $pitch)))
            (local.set $distAOl (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $olx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $oly)) (local.get $distY)))))
            (local.set $distAOr (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $orx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $ory)) (local.get $distY)))))
            (local.set $distBOl (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $bOlx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $oly)) (local.get $distY)))))
            (local.set $distBOr (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $bOrx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $ory)) (local.get $distY)))))
            (local.set $distOlC (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (f64x2.sub (local.get $olx) (local.get $cx))) (local.get $distX)) (f64x2.mul (local.tee $distY (f64x2.sub (local.get $oly) (local.get $cy))) (local.get $distY)))))
            (local.set $distOrC (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (f64x2.sub (local.get $orx) (local.get $cx))) (local.get $distX)) (f64x2.mul (local.tee $distY (f64x2.sub (local.get $ory) (local.get $cy))) (local.get $distY)))))
            (local.set $distOlD (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (f64x2.sub (local.get $olx) (local.get $dx))) (local.get $distX)) (f64x2.mul (local.tee $distY (f64x2.sub (local.get $oly) (local.get $cy))) (local.get $distY)))))
            (local.set $distOrD (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (f64x2.sub (local.get $orx) (local.get $dx))) (local.get $distX)) (f64x2.mul (local.tee $distY (f64x2.sub (local.get $ory) (local.get $cy))) (local.get $distY)))))
            ;; ac: straight, or bent around ol, or (winning) around or.
            (local.set $len (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $cx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $cy)) (local.get $distY)))))
            (local.set $ac
              (v128.bitselect (f64x2.add (local.get $distAOr) (local.get $distOrC))
                (v128.bitselect (f64x2.add (local.get $distAOl) (local.get $distOlC)) (local.get $len)
                  (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $olx) (local.get $cy)) (f64x2.mul (local.get $oly) (local.get $cx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $olx) (local.get $cx)) (f64x2.mul (local.get $oly) (local.get $cy))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $distAOl)) (local.get $len))))))
                (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $cx) (local.get $ory)) (f64x2.mul (local.get $cy) (local.get $orx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $cx) (local.get $orx)) (f64x2.mul (local.get $cy) (local.get $ory))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $len)) (local.get $distAOr)))))))
            (local.set $len (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $dx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $cy)) (local.get $distY)))))
            (local.set $ad
              (v128.bitselect (f64x2.add (local.get $distAOr) (local.get $distOrD))
                (v128.bitselect (f64x2.add (local.get $distAOl) (local.get $distOlD)) (local.get $len)
                  (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $olx) (local.get $cy)) (f64x2.mul (local.get $oly) (local.get $dx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $olx) (local.get $dx)) (f64x2.mul (local.get $oly) (local.get $cy))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $distAOl)) (local.get $len))))))
                (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $dx) (local.get $ory)) (f64x2.mul (local.get $cy) (local.get $orx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $dx) (local.get $orx)) (f64x2.mul (local.get $cy) (local.get $ory))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $len)) (local.get $distAOr)))))))
            (local.set $bcx (f64x2.sub (local.get $cx) (local.get $pitch)))
            (local.set $len (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $bcx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $cy)) (local.get $distY)))))
            (local.set $bc
              (v128.bitselect (f64x2.add (local.get $distBOr) (local.get $distOrC))
                (v128.bitselect (f64x2.add (local.get $distBOl) (local.get $distOlC)) (local.get $len)
                  (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $bOlx) (local.get $cy)) (f64x2.mul (local.get $oly) (local.get $bcx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $bOlx) (local.get $bcx)) (f64x2.mul (local.get $oly) (local.get $cy))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $distBOl)) (local.get $len))))))
                (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $bcx) (local.get $ory)) (f64x2.mul (local.get $cy) (local.get $bOrx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $bcx) (local.get $bOrx)) (f64x2.mul (local.get $cy) (local.get $ory))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $len)) (local.get $distBOr)))))))
            (local.set $bdx (f64x2.sub (local.get $dx) (local.get $pitch)))
            (local.set $len (f64x2.sqrt (f64x2.add (f64x2.mul (local.tee $distX (local.get $bdx)) (local.get $distX)) (f64x2.mul (local.tee $distY (local.get $cy)) (local.get $distY)))))
            (local.set $bd
              (v128.bitselect (f64x2.add (local.get $distBOr) (local.get $distOrD))
                (v128.bitselect (f64x2.add (local.get $distBOl) (local.get $distOlD)) (local.get $len)
                  (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $bOlx) (local.get $cy)) (f64x2.mul (local.get $oly) (local.get $bdx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $bOlx) (local.get $bdx)) (f64x2.mul (local.get $oly) (local.get $cy))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $distBOl)) (local.get $len))))))
                (v128.and (f64x2.gt (local.tee $cross (f64x2.sub (f64x2.mul (local.get $bdx) (local.get $ory)) (f64x2.mul (local.get $cy) (local.get $bOrx)))) (local.get $zero)) (v128.or (f64x2.lt (f64x2.add (f64x2.mul (local.get $bdx) (local.get $bOrx)) (f64x2.mul (local.get $cy) (local.get $ory))) (local.get $zero)) (f64x2.gt (local.get $cross) (f64x2.mul (f64x2.mul (local.get $sg) (local.get $len)) (local.get $distBOr)))))))
            ;; vf = scale ((ac + bd) - (bc + ad)), kept where positive.
            (local.set $vf
              (f64x2.mul (local.get $scale)
                (f64x2.sub (f64x2.add (local.get $ac) (local.get $bd)) (f64x2.add (local.get $bc) (local.get $ad)))))
            (local.set $total
              (f64x2.add (local.get $total)
                (v128.bitselect (local.get $vf) (local.get $zero) (f64x2.gt (local.get $vf) (local.get $zero)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $rows)))
        (v128.store offset=98304 (local.get $at) (local.get $total))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $tilts))))
)
