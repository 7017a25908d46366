# Work-group inclusive prefix sum (Hillis-Steele) in __local memory: every step reads a
# neighbour, waits at a barrier, adds, and waits again, so the loop holds two barriers.
# Work-items below the step's offset take the other side of a branch between them.
#
#   __kernel void scan_inclusive(__global const int* in, __global int* out,
#                                __local int* buf) {
#       uint gid = get_global_id(0);
#       uint lid = get_local_id(0);
#       uint n = get_local_size(0);
#       buf[lid] = in[gid];
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint off = 1; off < n; off <<= 1) {
#           int v = lid >= off ? buf[lid - off] : 0;
#           barrier(CLK_LOCAL_MEM_FENCE);
#           buf[lid] += v;
#           barrier(CLK_LOCAL_MEM_FENCE);
#       }
#       out[gid] = buf[lid];
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"scan_inclusive"
	.globl	scan_inclusive          # -- Begin function scan_inclusive
	.type	scan_inclusive,@function
	.ent	scan_inclusive          # @scan_inclusive
scan_inclusive:
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
	add	$8, $2, $zero
	jplnk	_Z12get_local_idj
	add	$9, $2, $zero
	jplnk	_Z14get_local_sizej
	add	$10, $2, $zero
	sfll.i	$3, $8, 2
	ld.w	$4, 8($sp)
	add	$3, $4, $3
	ld.w	$3, 0($3)
	sfll.i	$11, $9, 2
	ld.w	$4, 16($sp)
	add	$11, $4, $11
	st.w	$3, 0($11)
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	add.si	$12, $zero, 1
	setlt.u	$3, $12, $10
	beq	$3, $zero, .LBB0_4
.LBB0_1:                                # %for.body
	add.si	$13, $zero, 0
	setlt.u	$3, $9, $12
	bne	$3, $zero, .LBB0_3
# %bb.2:                                # %cond.true
	sfll.i	$3, $12, 2
	sub	$3, $11, $3
	ld.w	$13, 0($3)
.LBB0_3:                                # %cond.end
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	ld.w	$3, 0($11)
	add	$3, $3, $13
	st.w	$3, 0($11)
	jplnk	_Z7barrierj
	sfll.i	$12, $12, 1
	setlt.u	$3, $12, $10
	bne	$3, $zero, .LBB0_1
.LBB0_4:                                # %for.end
	sfll.i	$3, $8, 2
	ld.w	$4, 12($sp)
	add	$3, $4, $3
	ld.w	$2, 0($11)
	st.w	$2, 0($3)
	ld.w	$ra, 20($sp)
	add.si	$sp, $sp, 24
	jr	$ra
	.set	macro
	.set	reorder
	.end	scan_inclusive
$func_end0:
	.size	scan_inclusive, ($func_end0)-scan_inclusive
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
