# Nested three-way divergence: below / inside / above [lo, hi), the first two sides branching
# again on a bit of x and joining before the outer join (inner reconvergence points of their
# own), the else-if sharing the outer join. Up to five paths are live in a warp at once.
#
#   __kernel void div_nested3(__global const int* in, __global uint* out, int lo, int hi) {
#       uint i = get_global_id(0);
#       int x = in[i];
#       uint v;
#       if (x < lo) {
#           if (x & 1)
#               v = (uint)(lo - x) * 5u;
#           else
#               v = (uint)(lo - x) ^ 0xa5a5u;
#           v += (uint)(x >> 4);
#       } else if (x < hi) {
#           if (x & 2)
#               v = (uint)x * (uint)x;
#           else
#               v = (uint)(x - lo) << 3;
#           v ^= 0x77u;
#       } else {
#           v = (uint)x + 0x1000u;
#       }
#       out[i] = v;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_nested3"
	.globl	div_nested3             # -- Begin function div_nested3
	.type	div_nested3,@function
	.ent	div_nested3             # @div_nested3
div_nested3:
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
	blt	$9, $6, .LBB0_1
	jp	.LBB0_5
.LBB0_1:                                # %if.then
	sub	$11, $6, $9
	and.i	$10, $9, 1
	beq	$10, $zero, .LBB0_3
# %bb.2:                                # %if.then.odd
	add.si	$10, $zero, 5
	mul	$10, $11, $10
	jp	.LBB0_4
.LBB0_3:                                # %if.then.even
	xor.i	$10, $11, 0xa5a5
.LBB0_4:                                # %if.then.end
	sfra.i	$11, $9, 4
	add	$10, $10, $11
	jp	.LBB0_11
.LBB0_5:                                # %if.else
	blt	$9, $7, .LBB0_6
	jp	.LBB0_10
.LBB0_6:                                # %if.inside
	and.i	$10, $9, 2
	beq	$10, $zero, .LBB0_8
# %bb.7:                                # %if.inside.bit
	mul	$10, $9, $9
	jp	.LBB0_9
.LBB0_8:                                # %if.inside.nobit
	sub	$10, $9, $6
	sfll.i	$10, $10, 3
.LBB0_9:                                # %if.inside.end
	xor.i	$10, $10, 0x77
	jp	.LBB0_11
.LBB0_10:                               # %if.above
	add.si	$10, $9, 0x1000
.LBB0_11:                               # %if.end
	add	$3, $5, $3
	st.w	$10, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_nested3
$func_end0:
	.size	div_nested3, ($func_end0)-div_nested3
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
