# Helper routines of the OpenCL C builtin library, in MVP assembly.
#
# __mvp_rv_*: stand for RISC-V instructions MVP lacks (sw/toolchain/riscv_translator.cpp).
# Operands in $2 and $3, result in $2; every other register is preserved. The caller keeps $ra
# at -4($sp); these routines save what they use below that, at -8($sp) and down.
#
# __udivsi3 and friends, memcpy, memset: the routines clang calls, with the RISC-V calling
# convention as translated (arguments $4, $5, $6; result $4; $1, $8, $9, $6, $7, $12, $13,
# $2, $3 may be clobbered).

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
# first estimate gives them.
	.globl	__mvp_rv_fdiv
	.type	__mvp_rv_fdiv,@function
__mvp_rv_fdiv:
	st.w	$4, -8($sp)
	st.w	$5, -12($sp)
	st.w	$6, -16($sp)
	st.w	$7, -20($sp)
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

# $2 = (float) (uint32) $2, round to nearest even.
	.globl	__mvp_rv_fcvt_s_wu
	.type	__mvp_rv_fcvt_s_wu,@function
__mvp_rv_fcvt_s_wu:
	blt	$2, $zero, .Lswu_big
	itof	$2, $2
	jr	$ra
.Lswu_big:
	and.i	$3, $2, 1
	sfrl.i	$2, $2, 1
	or	$2, $2, $3
	itof	$2, $2
	fadd	$2, $2, $2
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
