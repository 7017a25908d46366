# Dual path, balanced: odd and even elements take two different hash chains of the same length
# (eight dependent integer instructions each), then meet to store. Under PDOM the two sides of
# a warp run one after the other; under MP-IPDOM their dependent chains interleave.
#
#   __kernel void div_dual_balanced(__global const uint* in, __global uint* out) {
#       uint i = get_global_id(0);
#       uint x = in[i];
#       uint v;
#       if (x & 1) {
#           v = x * 0x9e3779b1u;
#           v ^= v >> 15;
#           v *= 0x85ebca6bu;
#           v ^= v >> 13;
#       } else {
#           v = x + 0x7f4a7c15u;
#           v ^= v << 7;
#           v *= 0xc2b2ae35u;
#           v ^= v >> 16;
#       }
#       out[i] = v + i;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_dual_balanced"
	.globl	div_dual_balanced       # -- Begin function div_dual_balanced
	.type	div_dual_balanced,@function
	.ent	div_dual_balanced       # @div_dual_balanced
div_dual_balanced:
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
	and.i	$10, $9, 1
	beq	$10, $zero, .LBB0_2
# %bb.1:                                # %if.then
	or.i	$11, $zero, 0x9e3779b1
	mul	$10, $9, $11
	sfrl.i	$11, $10, 15
	xor	$10, $10, $11
	or.i	$11, $zero, 0x85ebca6b
	mul	$10, $10, $11
	sfrl.i	$11, $10, 13
	xor	$10, $10, $11
	jp	.LBB0_3
.LBB0_2:                                # %if.else
	or.i	$11, $zero, 0x7f4a7c15
	add	$10, $9, $11
	sfll.i	$11, $10, 7
	xor	$10, $10, $11
	or.i	$11, $zero, 0xc2b2ae35
	mul	$10, $10, $11
	sfrl.i	$11, $10, 16
	xor	$10, $10, $11
.LBB0_3:                                # %if.end
	add	$10, $10, $2
	add	$3, $5, $3
	st.w	$10, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_dual_balanced
$func_end0:
	.size	div_dual_balanced, ($func_end0)-div_dual_balanced
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
