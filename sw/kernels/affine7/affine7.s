# Seven arguments, three of them on the stack (beta, bias, n at 16, 20 and 24($sp) on entry,
# 40, 44 and 48($sp) below the 24-byte frame), with an early exit past n and a gather
# through an index buffer: out[i] = alpha * x[idx[i]] + beta * (float)(idx[i] + bias), the
# sum contracted to fmul then fmac. Unoptimised frame: the register arguments are spilled.
#
#   __kernel void affine7(__global const float* x, __global const int* idx,
#                         __global float* out, float alpha, float beta, int bias, uint n) {
#       uint i = get_global_id(0);
#       if (i >= n)
#           return;
#       int j = idx[i];
#       out[i] = alpha * x[j] + beta * (float)(j + bias);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"affine7"
	.globl	affine7                 # -- Begin function affine7
	.type	affine7,@function
	.ent	affine7                 # @affine7
affine7:
	.frame	$sp,24,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -24
	st.w	$ra, 20($sp)
	st.w	$7, 16($sp)
	st.w	$6, 12($sp)
	st.w	$5, 8($sp)
	st.w	$4, 4($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	ld.w	$3, 48($sp)
	setlt.u	$3, $2, $3
	beq	$3, $zero, .LBB0_2
# %bb.1:                                # %if.end
	sfll.i	$2, $2, 2
	ld.w	$3, 8($sp)
	add	$3, $3, $2
	ld.w	$3, 0($3)
	ld.w	$4, 44($sp)
	add	$4, $3, $4
	itof	$4, $4
	ld.w	$5, 40($sp)
	fmul	$4, $5, $4
	sfll.i	$3, $3, 2
	ld.w	$5, 4($sp)
	add	$3, $5, $3
	ld.w	$3, 0($3)
	ld.w	$5, 16($sp)
	fmac	$4, $5, $3
	ld.w	$3, 12($sp)
	add	$2, $3, $2
	st.w	$4, 0($2)
.LBB0_2:                                # %return
	ld.w	$ra, 20($sp)
	add.si	$sp, $sp, 24
	jr	$ra
	.set	macro
	.set	reorder
	.end	affine7
$func_end0:
	.size	affine7, ($func_end0)-affine7
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
