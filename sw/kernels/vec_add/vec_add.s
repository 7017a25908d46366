# Streaming, memory-bound vector add: one element per work-item, two loads and a store per
# fadd. There is no bounds check: the NDRange is exactly the vector length (the last
# work-group may be smaller). Unoptimised frame: the arguments live in stack slots.
#
#   __kernel void vec_add(__global const float* a, __global const float* b,
#                         __global float* c) {
#       size_t i = get_global_id(0);
#       c[i] = a[i] + b[i];
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"vec_add"
	.globl	vec_add                 # -- Begin function vec_add
	.type	vec_add,@function
	.ent	vec_add                 # @vec_add
vec_add:
	.frame	$sp,24,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	sub	$zero, $zero, $zero
	add.si	$sp, $sp, -24
	st.w	$ra, 20($sp)
	st.w	$6, 16($sp)
	st.w	$5, 12($sp)
	st.w	$4, 8($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	ld.w	$3, 8($sp)
	add	$3, $3, $2
	ld.w	$3, 0($3)
	ld.w	$4, 12($sp)
	add	$4, $4, $2
	ld.w	$4, 0($4)
	fadd	$3, $3, $4
	ld.w	$4, 16($sp)
	add	$2, $4, $2
	st.w	$3, 0($2)
	ld.w	$ra, 20($sp)
	add.si	$sp, $sp, 24
	jr	$ra
	.set	macro
	.set	reorder
	.end	vec_add
$func_end0:
	.size	vec_add, ($func_end0)-vec_add
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
