# Divergent if/else on the sign of each element: negative values are negated and halved,
# non-negative ones are clamped to `limit` (an inner branch on the else side).
#
#   __kernel void abs_clamp(__global const int* in, __global int* out, int limit) {
#       int i = get_global_id(0);
#       int x = in[i];
#       int r;
#       if (x < 0)
#           r = -x >> 1;
#       else
#           r = x < limit ? x : limit;
#       out[i] = r;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"abs_clamp"
	.globl	abs_clamp               # -- Begin function abs_clamp
	.type	abs_clamp,@function
	.ent	abs_clamp               # @abs_clamp
abs_clamp:
	.frame	$sp,24,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
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
	blt	$3, $zero, .LBB0_1
	jp	.LBB0_2
.LBB0_1:                                # %if.then
	sub	$3, $zero, $3
	sfra.i	$3, $3, 1
	jp	.LBB0_4
.LBB0_2:                                # %if.else
	ld.w	$4, 16($sp)
	blt	$3, $4, .LBB0_4
# %bb.3:                                # %cond.false
	add	$3, $4, $zero
.LBB0_4:                                # %if.end
	ld.w	$4, 12($sp)
	add	$2, $4, $2
	st.w	$3, 0($2)
	ld.w	$ra, 20($sp)
	add.si	$sp, $sp, 24
	jr	$ra
	.set	macro
	.set	reorder
	.end	abs_clamp
$func_end0:
	.size	abs_clamp, ($func_end0)-abs_clamp
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
