# SAXPY with a bounds check: y = a * x + y, contracted to one fused fmac (-cl-mad-enable).
# The float scalar arrives as its bit pattern in $4.
#
#   __kernel void saxpy(float a, __global const float* x, __global float* y, uint n) {
#       uint i = get_global_id(0);
#       if (i < n)
#           y[i] = a * x[i] + y[i];
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"saxpy"
	.globl	saxpy                   # -- Begin function saxpy
	.type	saxpy,@function
	.ent	saxpy                   # @saxpy
saxpy:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	setlt.u	$3, $2, $7
	beq	$3, $zero, .LBB0_2
# %bb.1:                                # %if.then
	sfll.i	$2, $2, 2
	add	$3, $5, $2
	ld.w	$3, 0($3)
	add	$2, $6, $2
	ld.w	$4, 0($2)
	fmac	$4, $8, $3
	st.w	$4, 0($2)
.LBB0_2:                                # %if.end
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	saxpy
$func_end0:
	.size	saxpy, ($func_end0)-saxpy
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
