# 2-D NDRange matrix transpose: the matrix is get_global_size(0) wide and
# get_global_size(1) high, each work-item moves one element. Both dimensions of the
# work-item builtins are used; reads are row-wise, writes column-wise (strided).
#
#   __kernel void transpose(__global const float* in, __global float* out) {
#       uint x = get_global_id(0);
#       uint y = get_global_id(1);
#       uint w = get_global_size(0);
#       uint h = get_global_size(1);
#       out[x * h + y] = in[y * w + x];
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"transpose"
	.globl	transpose               # -- Begin function transpose
	.type	transpose,@function
	.ent	transpose               # @transpose
transpose:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$9, $2, $zero
	jplnk	_Z15get_global_sizej
	add	$10, $2, $zero
	add.si	$4, $zero, 1
	jplnk	_Z13get_global_idj
	add	$11, $2, $zero
	jplnk	_Z15get_global_sizej
	mul	$3, $11, $10
	add	$3, $3, $9
	sfll.i	$3, $3, 2
	add	$3, $8, $3
	ld.w	$3, 0($3)
	mul	$2, $9, $2
	add	$2, $2, $11
	sfll.i	$2, $2, 2
	add	$2, $5, $2
	st.w	$3, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	transpose
$func_end0:
	.size	transpose, ($func_end0)-transpose
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
