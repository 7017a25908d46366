# Every special-function-unit instruction on one input per work-item: fsin, fcos, fexp2 on
# x, flog2, fsqrt and frsqrt on |x| + 1 (fabs is an and.i of the sign bit), and frcp on x.
# Eight results per work-item.
#
#   __kernel void sfu_math(__global const float* x, __global float* out) {
#       uint i = get_global_id(0);
#       float v = x[i];
#       float a = fabs(v) + 1.0f;
#       __global float* o = out + 8 * i;
#       o[0] = native_sin(v);
#       o[1] = native_cos(v);
#       o[2] = native_exp2(v);
#       o[3] = native_log2(a);
#       o[4] = native_sqrt(a);
#       o[5] = native_recip(v);
#       o[6] = native_rsqrt(a);
#       o[7] = a;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"sfu_math"
	.globl	sfu_math                # -- Begin function sfu_math
	.type	sfu_math,@function
	.ent	sfu_math                # @sfu_math
sfu_math:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$3, $2, 2
	add	$3, $8, $3
	ld.w	$9, 0($3)
	and.i	$10, $9, 0x7fffffff
	or.i	$3, $zero, 0x3f800000   # 1.0f
	fadd	$10, $10, $3
	sfll.i	$2, $2, 5
	add	$2, $5, $2
	fsin	$3, $9
	st.w	$3, 0($2)
	fcos	$3, $9
	st.w	$3, 4($2)
	fexp2	$3, $9
	st.w	$3, 8($2)
	flog2	$3, $10
	st.w	$3, 12($2)
	fsqrt	$3, $10
	st.w	$3, 16($2)
	frcp	$3, $9
	st.w	$3, 20($2)
	frsqrt	$3, $10
	st.w	$3, 24($2)
	st.w	$10, 28($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	sfu_math
$func_end0:
	.size	sfu_math, ($func_end0)-sfu_math
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
