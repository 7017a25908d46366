# 2-D NDRange matrix multiply C = A * B (m x k times k x n) with an fmac inner loop, one
# output element per work-item. It has six arguments: n and k are on the stack, at 16($sp)
# and 20($sp) on entry, hence 32($sp) and 36($sp) below the kernel's 16-byte frame. Work-items
# outside the matrix (a padded NDRange) return without touching memory.
#
#   __kernel void matmul(__global const float* a, __global const float* b,
#                        __global float* c, uint m, uint n, uint k) {
#       uint col = get_global_id(0);
#       uint row = get_global_id(1);
#       if (row >= m || col >= n)
#           return;
#       float acc = 0.0f;
#       for (uint i = 0; i < k; i++)
#           acc = fma(a[row * k + i], b[i * n + col], acc);
#       c[row * n + col] = acc;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"matmul"
	.globl	matmul                  # -- Begin function matmul
	.type	matmul,@function
	.ent	matmul                  # @matmul
matmul:
	.frame	$sp,16,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -16
	st.w	$ra, 12($sp)
	ld.w	$8, 32($sp)
	ld.w	$9, 36($sp)
	add	$10, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$11, $2, $zero
	add.si	$4, $zero, 1
	jplnk	_Z13get_global_idj
	setlt.u	$3, $2, $7
	beq	$3, $zero, .LBB0_5
# %bb.1:                                # %lor.lhs.false
	setlt.u	$3, $11, $8
	beq	$3, $zero, .LBB0_5
# %bb.2:                                # %for.preheader
	mul	$3, $2, $8
	add	$3, $3, $11
	sfll.i	$3, $3, 2
	add	$6, $6, $3
	mul	$12, $2, $9
	sfll.i	$12, $12, 2
	add	$12, $10, $12
	sfll.i	$13, $11, 2
	add	$13, $5, $13
	sfll.i	$4, $8, 2
	add.si	$3, $zero, 0
	beq	$9, $zero, .LBB0_4
.LBB0_3:                                # %for.body
	ld.w	$7, 0($12)
	ld.w	$10, 0($13)
	fmac	$3, $7, $10
	add.si	$12, $12, 4
	add	$13, $13, $4
	add.si	$9, $9, -1
	bne	$9, $zero, .LBB0_3
.LBB0_4:                                # %for.end
	st.w	$3, 0($6)
.LBB0_5:                                # %return
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
	.set	macro
	.set	reorder
	.end	matmul
$func_end0:
	.size	matmul, ($func_end0)-matmul
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
