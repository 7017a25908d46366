# Every sub-word load and store: the same byte read sign-extended (ld.b) and zero-extended
# (ld.bu), the same half-word read with ld.h and ld.hu, a mac combining them, and a 16-bit
# store (st.h) of a truncated sum.
#
#   __kernel void subword_mix(__global const char* s8, __global const short* s16,
#                             __global int* out, __global short* out16) {
#       uint i = get_global_id(0);
#       int a = s8[i];
#       uint b = ((__global const uchar*)s8)[i];
#       int c = s16[i];
#       uint d = ((__global const ushort*)s16)[i];
#       out[i] = a * c + (int)(b ^ d);
#       out16[i] = (short)(a + c);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"subword_mix"
	.globl	subword_mix             # -- Begin function subword_mix
	.type	subword_mix,@function
	.ent	subword_mix             # @subword_mix
subword_mix:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$3, $8, $2
	ld.b	$9, 0($3)
	ld.bu	$10, 0($3)
	sfll.i	$3, $2, 1
	add	$3, $5, $3
	ld.h	$11, 0($3)
	ld.hu	$12, 0($3)
	xor	$10, $10, $12
	mac	$10, $9, $11
	sfll.i	$3, $2, 2
	add	$3, $6, $3
	st.w	$10, 0($3)
	add	$9, $9, $11
	sfll.i	$3, $2, 1
	add	$3, $7, $3
	st.h	$9, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	subword_mix
$func_end0:
	.size	subword_mix, ($func_end0)-subword_mix
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
