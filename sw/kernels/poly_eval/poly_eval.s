# Float polynomial with separate fmul and fadd (no contraction) and int/float conversions:
# the fixed-point input is converted with itof and scaled, a cubic is evaluated with
# Horner's rule using constants loaded as bit patterns, and the result is stored both as a
# float and truncated with ftoi (which saturates for the large values of the test).
#
#   __kernel void poly_eval(__global const int* in, __global float* outf,
#                           __global int* outi, float scale) {
#       uint i = get_global_id(0);
#       float x = (float)in[i] * scale;
#       float p = ((0.5f * x + -1.25f) * x + 3.0f) * x + -7.5f;
#       outf[i] = p;
#       outi[i] = (int)p;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"poly_eval"
	.globl	poly_eval               # -- Begin function poly_eval
	.type	poly_eval,@function
	.ent	poly_eval               # @poly_eval
poly_eval:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	add	$3, $8, $2
	ld.w	$3, 0($3)
	itof	$3, $3
	fmul	$3, $3, $7
	or.i	$4, $zero, 0x3f000000   # 0.5f
	fmul	$4, $4, $3
	or.i	$9, $zero, 0xbfa00000   # -1.25f
	fadd	$4, $4, $9
	fmul	$4, $4, $3
	or.i	$9, $zero, 0x40400000   # 3.0f
	fadd	$4, $4, $9
	fmul	$4, $4, $3
	or.i	$9, $zero, 0xc0f00000   # -7.5f
	fadd	$4, $4, $9
	add	$3, $5, $2
	st.w	$4, 0($3)
	ftoi	$4, $4
	add	$3, $6, $2
	st.w	$4, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	poly_eval
$func_end0:
	.size	poly_eval, ($func_end0)-poly_eval
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
