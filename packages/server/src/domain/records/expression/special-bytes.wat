;; The first byte at or after `from` and before `to` that is a control character (below 0x20), a quote or
;; a backslash, or (when `high` is -1) any byte from 0x80 up; `to` when there is none. 64 bytes a step, in
;; four vectors of 16: it reads up to 63 bytes past `to` (the caller's memory holds them) and ignores what
;; it finds there. special-bytes.ts holds its compiled form.
(module
  (memory (export "memory") 1)
  (func (export "special") (param $from i32) (param $to i32) (param $high i32) (result i32)
    (local $p i32)
    (local $bits i32)
    (local $v v128)
    (local $h v128)
    (local $control v128)
    (local $quote v128)
    (local $backslash v128)
    (local $m0 v128)
    (local $m1 v128)
    (local $m2 v128)
    (local $m3 v128)
    (local.set $p (local.get $from))
    (local.set $h (i8x16.splat (local.get $high)))
    (local.set $control (i8x16.splat (i32.const 0x20)))
    (local.set $quote (i8x16.splat (i32.const 0x22)))
    (local.set $backslash (i8x16.splat (i32.const 0x5c)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
        (local.set $v (v128.load align=1 (local.get $p)))
        (local.set $m0
          (v128.or
            (v128.or
              (i8x16.lt_u (local.get $v) (local.get $control))
              (v128.and (i8x16.lt_s (local.get $v) (v128.const i64x2 0 0)) (local.get $h)))
            (v128.or
              (i8x16.eq (local.get $v) (local.get $quote))
              (i8x16.eq (local.get $v) (local.get $backslash)))))
        (local.set $v (v128.load offset=16 align=1 (local.get $p)))
        (local.set $m1
          (v128.or
            (v128.or
              (i8x16.lt_u (local.get $v) (local.get $control))
              (v128.and (i8x16.lt_s (local.get $v) (v128.const i64x2 0 0)) (local.get $h)))
            (v128.or
              (i8x16.eq (local.get $v) (local.get $quote))
              (i8x16.eq (local.get $v) (local.get $backslash)))))
        (local.set $v (v128.load offset=32 align=1 (local.get $p)))
        (local.set $m2
          (v128.or
            (v128.or
              (i8x16.lt_u (local.get $v) (local.get $control))
              (v128.and (i8x16.lt_s (local.get $v) (v128.const i64x2 0 0)) (local.get $h)))
            (v128.or
              (i8x16.eq (local.get $v) (local.get $quote))
              (i8x16.eq (local.get $v) (local.get $backslash)))))
        (local.set $v (v128.load offset=48 align=1 (local.get $p)))
        (local.set $m3
          (v128.or
            (v128.or
              (i8x16.lt_u (local.get $v) (local.get $control))
              (v128.and (i8x16.lt_s (local.get $v) (v128.const i64x2 0 0)) (local.get $h)))
            (v128.or
              (i8x16.eq (local.get $v) (local.get $quote))
              (i8x16.eq (local.get $v) (local.get $backslash)))))
        (if (v128.any_true (v128.or (v128.or (local.get $m0) (local.get $m1)) (v128.or (local.get $m2) (local.get $m3))))
          (then
        (local.set $bits (i8x16.bitmask (local.get $m0)))
        (if (local.get $bits)
          (then
            (local.set $p (i32.add (local.get $p) (i32.add (i32.const 0) (i32.ctz (local.get $bits)))))
            (return (select (local.get $p) (local.get $to) (i32.lt_u (local.get $p) (local.get $to))))))
        (local.set $bits (i8x16.bitmask (local.get $m1)))
        (if (local.get $bits)
          (then
            (local.set $p (i32.add (local.get $p) (i32.add (i32.const 16) (i32.ctz (local.get $bits)))))
            (return (select (local.get $p) (local.get $to) (i32.lt_u (local.get $p) (local.get $to))))))
        (local.set $bits (i8x16.bitmask (local.get $m2)))
        (if (local.get $bits)
          (then
            (local.set $p (i32.add (local.get $p) (i32.add (i32.const 32) (i32.ctz (local.get $bits)))))
            (return (select (local.get $p) (local.get $to) (i32.lt_u (local.get $p) (local.get $to))))))
        (local.set $bits (i8x16.bitmask (local.get $m3)))
        (if (local.get $bits)
          (then
            (local.set $p (i32.add (local.get $p) (i32.add (i32.const 48) (i32.ctz (local.get $bits)))))
            (return (select (local.get $p) (local.get $to) (i32.lt_u (local.get $p) (local.get $to))))))))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $next)))
    (local.get $to)))
