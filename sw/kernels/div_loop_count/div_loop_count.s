# Per-thread loop trip counts: element x runs x % 32 iterations of an LCG step, with a
# data-dependent branch inside the loop body. Threads leave the loop one by one (the loop exit
# and the guard reconverge at the same point, so the split that stays loops without taking
# new reconvergence entries).
#
#   __kernel void div_loop_count(__global const uint* in, __global uint* out) {
#       uint i = get_global_id(0);
#       uint x = in[i];
#       uint n = x & 31;
#       uint acc = x;
#       for (uint k = 0; k < n; ++k) {
#           acc = acc * 1664525u + 1013904223u;
#           if (acc & 0x100)
#               acc ^= k;
#       }
#       out[i] = acc;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_loop_count"
	.globl	div_loop_count          # -- Begin function div_loop_count
	.type	div_loop_count,@function
	.ent	div_loop_count          # @div_loop_count
div_loop_count:
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
	and.i	$10, $9, 31
	add	$11, $9, $zero
	beq	$10, $zero, .LBB0_5
# %bb.1:                                # %for.body.preheader
	add.si	$12, $zero, 0
	or.i	$13, $zero, 0x19660d
	or.i	$7, $zero, 0x3c6ef35f
.LBB0_2:                                # %for.body
	mul	$11, $11, $13
	add	$11, $11, $7
	and.i	$6, $11, 256
	beq	$6, $zero, .LBB0_4
# %bb.3:                                # %if.then
	xor	$11, $11, $12
.LBB0_4:                                # %for.inc
	add.si	$12, $12, 1
	bne	$12, $10, .LBB0_2
.LBB0_5:                                # %for.end
	add	$3, $5, $3
	st.w	$11, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_loop_count
$func_end0:
	.size	div_loop_count, ($func_end0)-div_loop_count
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
