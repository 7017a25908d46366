# saxpy: y[i] = a * x[i] + y[i] for i < n, as the MVP clang backend compiles
#
#   __kernel void saxpy(__global const float *x, __global float *y, float a, uint n) {
#       size_t i = get_global_id(0);
#       if (i < n) y[i] = a * x[i] + y[i];
#   }
#
# with floating-point contraction off: a multiply and an add, two roundings.
	.text
	.section .mdebug.abi32
	.previous
	.file	"saxpy"
	.globl	saxpy                   # -- Begin function saxpy
	.type	saxpy,@function
	.ent	saxpy                   # @saxpy
saxpy:
	.frame	$sp,32,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -32
	st.w	$ra, 28($sp)
	st.w	$7, 24($sp)
	st.w	$6, 20($sp)
	st.w	$5, 16($sp)
	st.w	$4, 12($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	ld.w	$3, 24($sp)
	setlt.u	$3, $2, $3
	beq	$3, $zero, .LBB0_2
	jp	.LBB0_1
.LBB0_1:                                # %if.then
	sfll.i	$2, $2, 2
	ld.w	$3, 12($sp)
	add	$3, $3, $2
	ld.w	$3, 0($3)
	ld.w	$4, 20($sp)
	fmul	$3, $4, $3
	ld.w	$4, 16($sp)
	add	$2, $4, $2
	ld.w	$4, 0($2)
	fadd	$3, $3, $4
	st.w	$3, 0($2)
.LBB0_2:                                # %if.end
	ld.w	$ra, 28($sp)
	add.si	$sp, $sp, 32
	jr	$ra
	.set	macro
	.set	reorder
	.end	saxpy
$func_end0:
	.size	saxpy, ($func_end0)-saxpy
                                        # -- End function

	.section	".note.GNU-stack","",@progbits
