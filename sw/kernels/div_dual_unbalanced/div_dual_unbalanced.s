# Dual path, unbalanced: a quarter of the elements (x % 4 == 0) run `rounds` iterations of a
# hash loop, the others one instruction. Under PDOM the short side waits for the long one;
# under MP-IPDOM it runs alongside and then waits at the join.
#
#   __kernel void div_dual_unbalanced(__global const uint* in, __global uint* out,
#                                     uint rounds) {
#       uint i = get_global_id(0);
#       uint x = in[i];
#       uint v;
#       if ((x & 3) == 0) {
#           v = x;
#           for (uint k = 0; k < rounds; ++k)
#               v = (v ^ (v >> 7)) * 0x2c1b3c6du + k;
#       } else {
#           v = x ^ 0x5bd1e995u;
#       }
#       out[i] = v;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_dual_unbalanced"
	.globl	div_dual_unbalanced     # -- Begin function div_dual_unbalanced
	.type	div_dual_unbalanced,@function
	.ent	div_dual_unbalanced     # @div_dual_unbalanced
div_dual_unbalanced:
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
	add	$9, $8, $3
	ld.w	$9, 0($9)
	and.i	$10, $9, 3
	bne	$10, $zero, .LBB0_4
# %bb.1:                                # %if.then
	add	$10, $9, $zero
	beq	$6, $zero, .LBB0_5
# %bb.2:                                # %for.body.preheader
	add.si	$11, $zero, 0
	or.i	$12, $zero, 0x2c1b3c6d
.LBB0_3:                                # %for.body
	sfrl.i	$13, $10, 7
	xor	$10, $10, $13
	mul	$10, $10, $12
	add	$10, $10, $11
	add.si	$11, $11, 1
	bne	$11, $6, .LBB0_3
	jp	.LBB0_5
.LBB0_4:                                # %if.else
	or.i	$11, $zero, 0x5bd1e995
	xor	$10, $9, $11
.LBB0_5:                                # %if.end
	add	$3, $5, $3
	st.w	$10, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_dual_unbalanced
$func_end0:
	.size	div_dual_unbalanced, ($func_end0)-div_dual_unbalanced
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
