# Helper routines of the OpenCL C builtin library, in MVP assembly.
#
# __mvp_rv_*: stand for RISC-V instructions MVP lacks (sw/toolchain/riscv_translator.cpp).
# Operands in $2 and $3, result in $2; every other register is preserved. The caller keeps $ra
# at -4($sp); these routines save what they use below that, at -8($sp) and down.
#
# __udivsi3 and friends, the 64-bit __udivdi3, __divdi3, __umoddi3, __moddi3, __fixsfdi,
# __fixunssfdi, __floatdisf, __floatundisf, memcpy, memset: the routines clang calls, with the
# RISC-V calling convention as translated (arguments $4, $5, $6, $7, a 64-bit value as low word
# then high word; result $4, or $4:$5; $1, $8, $9, $6, $7, $12, $13, $2, $3 may be clobbered,
# $10 and $11 are kept).

	.text

# $2 = high word of the unsigned product of $4 and $5; uses $6-$9, keeps $4, $5.
__mvp_mulhu_core:
	and.i	$6, $4, 0xffff
	sfrl.i	$7, $4, 16
	and.i	$8, $5, 0xffff
	sfrl.i	$9, $5, 16
	mul	$2, $6, $8
	sfrl.i	$2, $2, 16
	mul	$3, $7, $8
	add	$2, $2, $3
	and.i	$3, $2, 0xffff
	sfrl.i	$2, $2, 16
	mul	$8, $6, $9
	add	$3, $3, $8
	sfrl.i	$3, $3, 16
	add	$2, $2, $3
	mul	$8, $7, $9
	add	$2, $2, $8
	jr	$ra

# Saves $4-$9 and $ra (the return address into the translated code) below -4($sp).
__mvp_mul_save:
	st.w	$4, -8($sp)
	st.w	$5, -12($sp)
	st.w	$6, -16($sp)
	st.w	$7, -20($sp)
	st.w	$8, -24($sp)
	st.w	$9, -28($sp)
	add.si	$4, $2, 0
	add.si	$5, $3, 0
	jr	$ra

	.globl	__mvp_rv_mulhu
	.type	__mvp_rv_mulhu,@function
__mvp_rv_mulhu:
	st.w	$ra, -32($sp)
	jplnk	__mvp_mul_save
	jplnk	__mvp_mulhu_core
	jp	__mvp_mul_restore

	.globl	__mvp_rv_mulh
	.type	__mvp_rv_mulh,@function
__mvp_rv_mulh:
	st.w	$ra, -32($sp)
	jplnk	__mvp_mul_save
	jplnk	__mvp_mulhu_core
	sfra.i	$3, $4, 31
	and	$3, $3, $5
	sub	$2, $2, $3
	sfra.i	$3, $5, 31
	and	$3, $3, $4
	sub	$2, $2, $3
	jp	__mvp_mul_restore

	.globl	__mvp_rv_mulhsu
	.type	__mvp_rv_mulhsu,@function
__mvp_rv_mulhsu:
	st.w	$ra, -32($sp)
	jplnk	__mvp_mul_save
	jplnk	__mvp_mulhu_core
	sfra.i	$3, $4, 31
	and	$3, $3, $5
	sub	$2, $2, $3
	jp	__mvp_mul_restore

__mvp_mul_restore:
	ld.w	$4, -8($sp)
	ld.w	$5, -12($sp)
	ld.w	$6, -16($sp)
	ld.w	$7, -20($sp)
	ld.w	$8, -24($sp)
	ld.w	$9, -28($sp)
	ld.w	$ra, -32($sp)
	jr	$ra

# $2 = $2 / $3 (binary32, round to nearest even): the SFU reciprocal, then one Newton step
# with fused residual q + (a - q*b) * r. Infinite, NaN and zero quotients are returned as the
# first estimate gives them. A subnormal divisor (whose reciprocal overflows) and the dividend
# are first scaled by 2^24, which leaves the quotient unchanged.
	.globl	__mvp_rv_fdiv
	.type	__mvp_rv_fdiv,@function
__mvp_rv_fdiv:
	st.w	$4, -8($sp)
	st.w	$5, -12($sp)
	st.w	$6, -16($sp)
	st.w	$7, -20($sp)
	and.i	$6, $3, 0x7f800000
	bne	$6, $zero, .Lfdiv_scaled
	and.i	$6, $3, 0x7fffffff
	beq	$6, $zero, .Lfdiv_scaled
	or.i	$6, $zero, 0x4b800000
	fmul	$2, $2, $6
	fmul	$3, $3, $6
.Lfdiv_scaled:
	frcp	$4, $3
	fmul	$5, $2, $4
	and.i	$6, $5, 0x7f800000
	or.i	$7, $zero, 0x7f800000
	beq	$6, $7, .Lfdiv_done
	and.i	$6, $5, 0x7fffffff
	beq	$6, $zero, .Lfdiv_done
	add.si	$6, $2, 0
	fmas	$6, $5, $3
	fmac	$5, $6, $4
.Lfdiv_done:
	add.si	$2, $5, 0
	ld.w	$4, -8($sp)
	ld.w	$5, -12($sp)
	ld.w	$6, -16($sp)
	ld.w	$7, -20($sp)
	jr	$ra

# $2 = (uint32) $2 (binary32, toward zero; negative and NaN give 0, too large gives all ones).
	.globl	__mvp_rv_fcvt_wu_s
	.type	__mvp_rv_fcvt_wu_s,@function
__mvp_rv_fcvt_wu_s:
	or.i	$3, $zero, 0x4f000000
	fble	$3, $2, .Lwu_big
	ftoi	$2, $2
	sfra.i	$3, $2, 31
	xor.i	$3, $3, -1
	and	$2, $2, $3
	jr	$ra
.Lwu_big:
	fsub	$2, $2, $3
	ftoi	$2, $2
	xor.i	$2, $2, 0x80000000
	jr	$ra

# $2 = the RISC-V fclass.s mask of $2.
	.globl	__mvp_rv_fclass
	.type	__mvp_rv_fclass,@function
__mvp_rv_fclass:
	st.w	$4, -8($sp)
	st.w	$5, -12($sp)
	sfrl.i	$4, $2, 31
	sfrl.i	$3, $2, 23
	and.i	$3, $3, 0xff
	and.i	$2, $2, 0x7fffff
	or.i	$5, $zero, 0xff
	beq	$3, $5, .Lclass_special
	beq	$3, $zero, .Lclass_small
	or.i	$2, $zero, 6
	jp	.Lclass_signed
.Lclass_small:
	or.i	$3, $zero, 4
	beq	$2, $zero, .Lclass_zero
	or.i	$3, $zero, 5
.Lclass_zero:
	add.si	$2, $3, 0
.Lclass_signed:
	beq	$4, $zero, .Lclass_shift
	or.i	$3, $zero, 7
	sub	$2, $3, $2
	jp	.Lclass_shift
.Lclass_special:
	or.i	$3, $zero, 7
	beq	$2, $zero, .Lclass_inf
	sfrl.i	$2, $2, 22
	add.si	$2, $2, 8
	jp	.Lclass_shift
.Lclass_inf:
	add.si	$2, $3, 0
	beq	$4, $zero, .Lclass_shift
	or.i	$2, $zero, 0
.Lclass_shift:
	or.i	$3, $zero, 1
	sfll	$2, $3, $2
	ld.w	$4, -8($sp)
	ld.w	$5, -12($sp)
	jr	$ra

# Unsigned division: $4 = $4 / $5, $5 = $4 % $5 (restoring division, one bit per step; a
# divisor of 0 gives all ones and the dividend, as RISC-V divu/remu). Uses $1, $6-$9.
__mvp_udivmod:
	or.i	$6, $zero, 0
	or.i	$7, $zero, 0
	or.i	$1, $zero, 32
.Ludiv_loop:
	sfll.i	$6, $6, 1
	sfrl.i	$8, $4, 31
	or	$6, $6, $8
	sfll.i	$4, $4, 1
	setlt.u	$8, $6, $5
	xor.i	$8, $8, 1
	sub	$9, $zero, $8
	and	$9, $9, $5
	sub	$6, $6, $9
	sfll.i	$7, $7, 1
	or	$7, $7, $8
	add.si	$1, $1, -1
	bne	$1, $zero, .Ludiv_loop
	add.si	$4, $7, 0
	add.si	$5, $6, 0
	jr	$ra

	.globl	__udivsi3
	.type	__udivsi3,@function
__udivsi3:
	add.si	$12, $ra, 0
	jplnk	__mvp_udivmod
	jr	$12

	.globl	__umodsi3
	.type	__umodsi3,@function
__umodsi3:
	add.si	$12, $ra, 0
	jplnk	__mvp_udivmod
	add.si	$4, $5, 0
	jr	$12

# Signed: magnitudes through __mvp_udivmod; the quotient is negative when the signs differ,
# the remainder takes the dividend's sign.
	.globl	__divsi3
	.type	__divsi3,@function
__divsi3:
	add.si	$12, $ra, 0
	xor	$13, $4, $5
	sfra.i	$13, $13, 31
	sfra.i	$2, $4, 31
	xor	$4, $4, $2
	sub	$4, $4, $2
	sfra.i	$2, $5, 31
	xor	$5, $5, $2
	sub	$5, $5, $2
	jplnk	__mvp_udivmod
	xor	$4, $4, $13
	sub	$4, $4, $13
	jr	$12

	.globl	__modsi3
	.type	__modsi3,@function
__modsi3:
	add.si	$12, $ra, 0
	sfra.i	$13, $4, 31
	xor	$4, $4, $13
	sub	$4, $4, $13
	sfra.i	$2, $5, 31
	xor	$5, $5, $2
	sub	$5, $5, $2
	jplnk	__mvp_udivmod
	xor	$4, $5, $13
	sub	$4, $4, $13
	jr	$12

# memcpy(dst $4, src $5, n $6) and memset(dst $4, byte $5, n $6), byte by byte; return dst.
	.globl	memcpy
	.type	memcpy,@function
memcpy:
	add.si	$7, $4, 0
	beq	$6, $zero, .Lcpy_done
.Lcpy_loop:
	ld.bu	$2, 0($5)
	st.b	$2, 0($7)
	add.si	$5, $5, 1
	add.si	$7, $7, 1
	add.si	$6, $6, -1
	bne	$6, $zero, .Lcpy_loop
.Lcpy_done:
	jr	$ra

	.globl	memmove
	.type	memmove,@function
memmove:
	setlt.u	$2, $5, $4
	beq	$2, $zero, memcpy
	add	$7, $4, $6
	add	$5, $5, $6
	beq	$6, $zero, .Lmove_done
.Lmove_loop:
	add.si	$5, $5, -1
	add.si	$7, $7, -1
	ld.bu	$2, 0($5)
	st.b	$2, 0($7)
	add.si	$6, $6, -1
	bne	$6, $zero, .Lmove_loop
.Lmove_done:
	jr	$ra

	.globl	memset
	.type	memset,@function
memset:
	add.si	$7, $4, 0
	beq	$6, $zero, .Lset_done
.Lset_loop:
	st.b	$5, 0($7)
	add.si	$7, $7, 1
	add.si	$6, $6, -1
	bne	$6, $zero, .Lset_loop
.Lset_done:
	jr	$ra

# 64-bit unsigned division: ($4:$5) / ($6:$7), low word first. Quotient in $4:$5, remainder
# in $8:$9 (restoring division, one bit per step, with the remainder's 65th bit in $3; both
# high words 0 goes through the 32-bit loop). A divisor of 0 gives an all-ones quotient and the dividend as remainder. Uses $1-$3.
__mvp_udivmod64:
	or	$2, $5, $7
	bne	$2, $zero, .Ludiv64_wide
	add.si	$3, $ra, 0
	add.si	$5, $6, 0
	jplnk	__mvp_udivmod
	add.si	$8, $5, 0
	or.i	$9, $zero, 0
	or.i	$5, $zero, 0
	jr	$3
.Ludiv64_wide:
	or.i	$8, $zero, 0
	or.i	$9, $zero, 0
	or.i	$1, $zero, 64
.Ludiv64_loop:
	sfrl.i	$3, $9, 31
	sfll.i	$9, $9, 1
	sfrl.i	$2, $8, 31
	or	$9, $9, $2
	sfll.i	$8, $8, 1
	sfrl.i	$2, $5, 31
	or	$8, $8, $2
	sfll.i	$5, $5, 1
	sfrl.i	$2, $4, 31
	or	$5, $5, $2
	sfll.i	$4, $4, 1
	bne	$3, $zero, .Ludiv64_sub
	setlt.u	$2, $9, $7
	bne	$2, $zero, .Ludiv64_next
	bne	$9, $7, .Ludiv64_sub
	setlt.u	$2, $8, $6
	bne	$2, $zero, .Ludiv64_next
.Ludiv64_sub:
	setlt.u	$2, $8, $6
	sub	$8, $8, $6
	sub	$9, $9, $7
	sub	$9, $9, $2
	or.i	$4, $4, 1
.Ludiv64_next:
	add.si	$1, $1, -1
	bne	$1, $zero, .Ludiv64_loop
	jr	$ra

# Negates $4:$5 when $3 is all ones, keeps it when $3 is 0 (x ^ s - s on 64 bits).
__mvp_neg64_if:
	xor	$4, $4, $3
	xor	$5, $5, $3
	sub	$2, $4, $3
	setlt.u	$4, $2, $4
	add	$5, $5, $4
	add.si	$4, $2, 0
	jr	$ra

	.globl	__udivdi3
	.type	__udivdi3,@function
__udivdi3:
	add.si	$12, $ra, 0
	jplnk	__mvp_udivmod64
	jr	$12

	.globl	__umoddi3
	.type	__umoddi3,@function
__umoddi3:
	add.si	$12, $ra, 0
	jplnk	__mvp_udivmod64
	add.si	$4, $8, 0
	add.si	$5, $9, 0
	jr	$12

# Signed 64-bit division: magnitudes through __mvp_udivmod64; the quotient is negative when
# the signs differ, the remainder takes the dividend's sign ($13 holds the sign mask).
	.globl	__divdi3
	.type	__divdi3,@function
__divdi3:
	add.si	$12, $ra, 0
	xor	$13, $5, $7
	sfra.i	$13, $13, 31
	jplnk	__mvp_abs64_both
	jplnk	__mvp_udivmod64
	add.si	$3, $13, 0
	jplnk	__mvp_neg64_if
	jr	$12

	.globl	__moddi3
	.type	__moddi3,@function
__moddi3:
	add.si	$12, $ra, 0
	sfra.i	$13, $5, 31
	jplnk	__mvp_abs64_both
	jplnk	__mvp_udivmod64
	add.si	$4, $8, 0
	add.si	$5, $9, 0
	add.si	$3, $13, 0
	jplnk	__mvp_neg64_if
	jr	$12

# $4:$5 = |$4:$5|, $6:$7 = |$6:$7|. Uses $1-$3, $8.
__mvp_abs64_both:
	add.si	$1, $ra, 0
	sfra.i	$3, $5, 31
	jplnk	__mvp_neg64_if
	add.si	$8, $4, 0
	add.si	$9, $5, 0
	add.si	$4, $6, 0
	add.si	$5, $7, 0
	sfra.i	$3, $5, 31
	jplnk	__mvp_neg64_if
	add.si	$6, $4, 0
	add.si	$7, $5, 0
	add.si	$4, $8, 0
	add.si	$5, $9, 0
	jr	$1

# $4:$5 = the binary32 $4 as a 64-bit integer, toward zero. Magnitudes of 2^63 and above
# (and infinities) give $3 = 1 and $4:$5 = 2^63 for the callers to saturate; NaN gives 0.
# The magnitude's sign is left in $6 (all ones when negative). Uses $1-$3, $6, $7.
__mvp_f2u64:
	sfra.i	$6, $4, 31
	sfrl.i	$1, $4, 23
	and.i	$1, $1, 0xff
	and.i	$7, $4, 0x7fffff
	or.i	$7, $7, 0x800000
	or.i	$3, $zero, 0
	or.i	$5, $zero, 0
	or.i	$2, $zero, 0xff
	beq	$1, $2, .Lf2u_special
	or.i	$2, $zero, 127
	setlt.u	$2, $1, $2
	bne	$2, $zero, .Lf2u_zero
	or.i	$2, $zero, 190
	setlt.u	$2, $1, $2
	beq	$2, $zero, .Lf2u_big
	add.si	$2, $1, -150
	blt	$2, $zero, .Lf2u_right
	sfll	$4, $7, $2
	sub	$5, $zero, $2
	sfrl	$5, $7, $5
	bne	$2, $zero, .Lf2u_left_done
	or.i	$5, $zero, 0
.Lf2u_left_done:
	add.si	$2, $2, -32
	blt	$2, $zero, .Lf2u_done
	sfll	$5, $7, $2
	or.i	$4, $zero, 0
	jr	$ra
.Lf2u_right:
	sub	$2, $zero, $2
	sfrl	$4, $7, $2
	jr	$ra
.Lf2u_special:
	and.i	$2, $4, 0x7fffff
	bne	$2, $zero, .Lf2u_zero
.Lf2u_big:
	or.i	$3, $zero, 1
	or.i	$4, $zero, 0
	or.i	$5, $zero, 0x80000000
	jr	$ra
.Lf2u_zero:
	or.i	$4, $zero, 0
.Lf2u_done:
	jr	$ra

# long __fixsfdi(float): toward zero, saturating; NaN gives 0.
	.globl	__fixsfdi
	.type	__fixsfdi,@function
__fixsfdi:
	add.si	$12, $ra, 0
	jplnk	__mvp_f2u64
	bne	$3, $zero, .Lfixs_sat
	add.si	$3, $6, 0
	jplnk	__mvp_neg64_if
	jr	$12
.Lfixs_sat:
	bne	$6, $zero, .Lfixs_done
	or.i	$4, $zero, -1
	or.i	$5, $zero, 0x7fffffff
.Lfixs_done:
	jr	$12

# ulong __fixunssfdi(float): toward zero; negative values and NaN give 0, 2^64 and above all
# ones.
	.globl	__fixunssfdi
	.type	__fixunssfdi,@function
__fixunssfdi:
	add.si	$12, $ra, 0
	jplnk	__mvp_f2u64
	beq	$6, $zero, .Lfixu_pos
	or.i	$4, $zero, 0
	or.i	$5, $zero, 0
	jr	$12
.Lfixu_pos:
	beq	$3, $zero, .Lfixu_done
	or.i	$4, $zero, -1
	or.i	$5, $zero, -1
	or.i	$2, $zero, 190
	bne	$1, $2, .Lfixu_done
	sfll.i	$5, $7, 8
	or.i	$4, $zero, 0
.Lfixu_done:
	jr	$12

# $4 = the binary32 nearest the unsigned 64-bit $4:$5 (ties to even), for values of 2^31 and
# above: normalized so that the high word has its top bit set, folded into 31 bits with a
# sticky bit, converted by itof and scaled by a power of two. Uses $1-$3.
__mvp_u64_to_f:
	or.i	$1, $zero, 32
	bne	$5, $zero, .Lu2f_clz
	add.si	$5, $4, 0
	or.i	$4, $zero, 0
	jp	.Lu2f_fold
.Lu2f_clz:
	or.i	$1, $zero, 0
	add.si	$2, $5, 0
	sfrl.i	$3, $2, 16
	bne	$3, $zero, .Lu2f_8
	add.si	$1, $1, 16
	sfll.i	$2, $2, 16
.Lu2f_8:
	sfrl.i	$3, $2, 24
	bne	$3, $zero, .Lu2f_4
	add.si	$1, $1, 8
	sfll.i	$2, $2, 8
.Lu2f_4:
	sfrl.i	$3, $2, 28
	bne	$3, $zero, .Lu2f_2
	add.si	$1, $1, 4
	sfll.i	$2, $2, 4
.Lu2f_2:
	sfrl.i	$3, $2, 30
	bne	$3, $zero, .Lu2f_1
	add.si	$1, $1, 2
	sfll.i	$2, $2, 2
.Lu2f_1:
	sfrl.i	$3, $2, 31
	bne	$3, $zero, .Lu2f_shift
	add.si	$1, $1, 1
.Lu2f_shift:
	sfll	$5, $5, $1
	sfrl.i	$2, $4, 1
	or.i	$3, $zero, 31
	sub	$3, $3, $1
	sfrl	$2, $2, $3
	or	$5, $5, $2
	sfll	$4, $4, $1
.Lu2f_fold:
	setlt.u	$4, $zero, $4
	and.i	$2, $5, 1
	or	$4, $4, $2
	sfrl.i	$5, $5, 1
	or	$4, $4, $5
	itof	$4, $4
	or.i	$2, $zero, 160
	sub	$2, $2, $1
	sfll.i	$2, $2, 23
	fmul	$4, $4, $2
	jr	$ra

# float __floatundisf(ulong), round to nearest even.
	.globl	__floatundisf
	.type	__floatundisf,@function
__floatundisf:
	bne	$5, $zero, .Lfloatun_wide
	blt	$4, $zero, .Lfloatun_wide
	itof	$4, $4
	jr	$ra
.Lfloatun_wide:
	add.si	$12, $ra, 0
	jplnk	__mvp_u64_to_f
	jr	$12

# float __floatdisf(long), round to nearest even: the magnitude converted, then the sign.
	.globl	__floatdisf
	.type	__floatdisf,@function
__floatdisf:
	add.si	$12, $ra, 0
	sfra.i	$13, $5, 31
	add.si	$3, $13, 0
	jplnk	__mvp_neg64_if
	bne	$5, $zero, .Lfloatd_wide
	blt	$4, $zero, .Lfloatd_wide
	itof	$4, $4
	jp	.Lfloatd_sign
.Lfloatd_wide:
	jplnk	__mvp_u64_to_f
.Lfloatd_sign:
	and.i	$13, $13, 0x80000000
	xor	$4, $4, $13
	jr	$12
