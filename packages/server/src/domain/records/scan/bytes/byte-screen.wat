;; A search's byte screen (byte-search.ts): whether a term is in bytes copied into this memory, ignoring
;; ASCII case, and whether bytes are all ASCII, 16 to 64 bytes a step. A term of m bytes is written at
;; `term` as its folded bytes, then one mask byte per term byte: 0x20 for a letter (a byte matches when its
;; OR with the mask is the term's byte, so A-Z match a-z and nothing else does), 0 for any other byte (it
;; matches only itself). The terms' directory is at 0: their count, then each term's place and length
;; (i32 each). Nothing reads past `to`. byte-screen.ts holds its compiled form.
(module
  (memory (export "memory") 1)

  ;; The screen's answer for [from, to): 1 when no term is in those bytes and they are all ASCII.
  (func (export "screen") (param $from i32) (param $to i32) (result i32)
    (local $i i32)
    (local $entry i32)
    (local.set $entry (i32.const 4))
    (block $searched
      (loop $next
        (br_if $searched (i32.ge_u (local.get $i) (i32.load (i32.const 0))))
        (if (call $find
              (local.get $from)
              (local.get $to)
              (i32.load (local.get $entry))
              (i32.load offset=4 (local.get $entry)))
          (then (return (i32.const 0))))
        (local.set $entry (i32.add (local.get $entry) (i32.const 8)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (call $ascii (local.get $from) (local.get $to)))

  ;; 1 when no byte of [from, to) is 0x80 or above.
  (func $ascii (param $from i32) (param $to i32) (result i32)
    (local $p i32)
    (local.set $p (local.get $from))
    (block $done64
      (loop $next64
        (br_if $done64 (i32.gt_u (i32.add (local.get $p) (i32.const 64)) (local.get $to)))
        (if (i8x16.bitmask
              (v128.or
                (v128.or (v128.load align=1 (local.get $p)) (v128.load offset=16 align=1 (local.get $p)))
                (v128.or (v128.load offset=32 align=1 (local.get $p)) (v128.load offset=48 align=1 (local.get $p)))))
          (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $next64)))
    (block $done16
      (loop $next16
        (br_if $done16 (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $to)))
        (if (i8x16.bitmask (v128.load align=1 (local.get $p)))
          (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next16)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $to)))
        (if (i32.ge_u (i32.load8_u (local.get $p)) (i32.const 0x80))
          (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $next)))
    (i32.const 1))

  ;; 1 when the term of $m bytes (at least 1) at $term starts at some position of [from, to - m].
  ;; Sixteen positions a step are tested on their first and last byte; each position both match is then
  ;; compared whole.
  (func $find (param $from i32) (param $to i32) (param $term i32) (param $m i32) (result i32)
    (local $p i32)
    (local $end i32)
    (local $last i32)
    (local $q i32)
    (local $first v128)
    (local $firstMask v128)
    (local $lastByte v128)
    (local $lastMask v128)
    (local $m0 v128)
    (local $m1 v128)
    (local $m2 v128)
    (local $m3 v128)
    (if (i32.gt_u (local.get $m) (i32.sub (local.get $to) (local.get $from)))
      (then (return (i32.const 0))))
    (local.set $last (i32.sub (local.get $m) (i32.const 1)))
    ;; The last position a term can start at.
    (local.set $end (i32.sub (local.get $to) (local.get $m)))
    (local.set $first (i8x16.splat (i32.load8_u (local.get $term))))
    (local.set $firstMask (i8x16.splat (i32.load8_u (i32.add (local.get $term) (local.get $m)))))
    (local.set $lastByte (i8x16.splat (i32.load8_u (i32.add (local.get $term) (local.get $last)))))
    (local.set $lastMask
      (i8x16.splat (i32.load8_u (i32.add (i32.add (local.get $term) (local.get $m)) (local.get $last)))))
    (local.set $p (local.get $from))
    (block $done64
      (loop $next64
        ;; Sixty-four positions from p, all at most end: the loads end at p + last + 63, before `to`.
        (br_if $done64 (i32.gt_u (i32.add (local.get $p) (i32.const 63)) (local.get $end)))
        (local.set $q (i32.add (local.get $p) (local.get $last)))
        (local.set $m0 (v128.and
                (i8x16.eq (v128.or (v128.load offset=0 align=1 (local.get $p)) (local.get $firstMask)) (local.get $first))
                (i8x16.eq (v128.or (v128.load offset=0 align=1 (local.get $q)) (local.get $lastMask)) (local.get $lastByte))))
        (local.set $m1 (v128.and
                (i8x16.eq (v128.or (v128.load offset=16 align=1 (local.get $p)) (local.get $firstMask)) (local.get $first))
                (i8x16.eq (v128.or (v128.load offset=16 align=1 (local.get $q)) (local.get $lastMask)) (local.get $lastByte))))
        (local.set $m2 (v128.and
                (i8x16.eq (v128.or (v128.load offset=32 align=1 (local.get $p)) (local.get $firstMask)) (local.get $first))
                (i8x16.eq (v128.or (v128.load offset=32 align=1 (local.get $q)) (local.get $lastMask)) (local.get $lastByte))))
        (local.set $m3 (v128.and
                (i8x16.eq (v128.or (v128.load offset=48 align=1 (local.get $p)) (local.get $firstMask)) (local.get $first))
                (i8x16.eq (v128.or (v128.load offset=48 align=1 (local.get $q)) (local.get $lastMask)) (local.get $lastByte))))
        (if (v128.any_true (v128.or (v128.or (local.get $m0) (local.get $m1)) (v128.or (local.get $m2) (local.get $m3))))
          (then
            (if (call $candidates (local.get $p) (i8x16.bitmask (local.get $m0)) (local.get $term) (local.get $m))
              (then (return (i32.const 1))))
            (if (call $candidates (i32.add (local.get $p) (i32.const 16)) (i8x16.bitmask (local.get $m1)) (local.get $term) (local.get $m))
              (then (return (i32.const 1))))
            (if (call $candidates (i32.add (local.get $p) (i32.const 32)) (i8x16.bitmask (local.get $m2)) (local.get $term) (local.get $m))
              (then (return (i32.const 1))))
            (if (call $candidates (i32.add (local.get $p) (i32.const 48)) (i8x16.bitmask (local.get $m3)) (local.get $term) (local.get $m))
              (then (return (i32.const 1))))))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $next64)))
    (block $done
      (loop $next
        ;; Sixteen positions from p, all at most end: the loads end at p + last + 15, before `to`.
        (br_if $done (i32.gt_u (i32.add (local.get $p) (i32.const 15)) (local.get $end)))
        (local.set $q (i32.add (local.get $p) (local.get $last)))
        (if (call $candidates (local.get $p) (i8x16.bitmask (v128.and
                (i8x16.eq (v128.or (v128.load offset=0 align=1 (local.get $p)) (local.get $firstMask)) (local.get $first))
                (i8x16.eq (v128.or (v128.load offset=0 align=1 (local.get $q)) (local.get $lastMask)) (local.get $lastByte)))) (local.get $term) (local.get $m))
          (then (return (i32.const 1))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))
    (block $end
      (loop $position
        (br_if $end (i32.gt_u (local.get $p) (local.get $end)))
        (if (call $at (local.get $p) (local.get $term) (local.get $m))
          (then (return (i32.const 1))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $position)))
    (i32.const 0))

  ;; 1 when the term is at one of the positions p + i whose bit i is set in $bits.
  (func $candidates (param $p i32) (param $bits i32) (param $term i32) (param $m i32) (result i32)
    (block $tested
      (loop $candidate
        (br_if $tested (i32.eqz (local.get $bits)))
        (if (call $at (i32.add (local.get $p) (i32.ctz (local.get $bits))) (local.get $term) (local.get $m))
          (then (return (i32.const 1))))
        (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
        (br $candidate)))
    (i32.const 0))

  ;; 1 when the term of $m bytes at $term is at $q, byte by byte.
  (func $at (param $q i32) (param $term i32) (param $m i32) (result i32)
    (local $j i32)
    (block $same
      (loop $next
        (br_if $same (i32.ge_u (local.get $j) (local.get $m)))
        (if (i32.ne
              (i32.or
                (i32.load8_u (i32.add (local.get $q) (local.get $j)))
                (i32.load8_u (i32.add (i32.add (local.get $term) (local.get $m)) (local.get $j))))
              (i32.load8_u (i32.add (local.get $term) (local.get $j))))
          (then (return (i32.const 0))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $next)))
    (i32.const 1)))
