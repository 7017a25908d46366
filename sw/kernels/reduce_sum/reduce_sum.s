# Work-group sum reduction in __local memory: each work-item stores one element (0 beyond
# n), then a tree reduction halves the active work-items per step with a barrier inside the
# loop; work-item 0 writes the group's partial sum. Works for any work-group size, including
# the smaller last group of a non-uniform NDRange (get_local_size is the actual size).
#
#   __kernel void reduce_sum(__global const int* in, __global int* partial,
#                            __local int* scratch, uint n) {
#       uint gid = get_global_id(0);
#       uint lid = get_local_id(0);
#       uint lsize = get_local_size(0);
#       scratch[lid] = gid < n ? in[gid] : 0;
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint s = 1; s < lsize; s <<= 1) {
#           if ((lid & (2 * s - 1)) == 0 && lid + s < lsize)
#               scratch[lid] += scratch[lid + s];
#           barrier(CLK_LOCAL_MEM_FENCE);
#       }
#       if (lid == 0)
#           partial[get_group_id(0)] = scratch[0];
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"reduce_sum"
	.globl	reduce_sum              # -- Begin function reduce_sum
	.type	reduce_sum,@function
	.ent	reduce_sum              # @reduce_sum
reduce_sum:
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
	add	$8, $2, $zero
	jplnk	_Z12get_local_idj
	add	$9, $2, $zero
	jplnk	_Z14get_local_sizej
	add	$10, $2, $zero
	add.si	$3, $zero, 0
	ld.w	$4, 24($sp)
	setlt.u	$4, $8, $4
	beq	$4, $zero, .LBB0_2
# %bb.1:                                # %cond.true
	sfll.i	$3, $8, 2
	ld.w	$4, 12($sp)
	add	$3, $4, $3
	ld.w	$3, 0($3)
.LBB0_2:                                # %cond.end
	sfll.i	$11, $9, 2
	ld.w	$4, 20($sp)
	add	$11, $4, $11
	st.w	$3, 0($11)
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	add.si	$12, $zero, 1
	setlt.u	$3, $12, $10
	beq	$3, $zero, .LBB0_7
.LBB0_3:                                # %for.body
	sfll.i	$3, $12, 1
	add.si	$3, $3, -1
	and	$3, $9, $3
	bne	$3, $zero, .LBB0_6
# %bb.4:                                # %land.lhs.true
	add	$13, $9, $12
	setlt.u	$3, $13, $10
	beq	$3, $zero, .LBB0_6
# %bb.5:                                # %if.then
	sfll.i	$13, $12, 2
	add	$13, $11, $13
	ld.w	$13, 0($13)
	ld.w	$3, 0($11)
	add	$3, $3, $13
	st.w	$3, 0($11)
.LBB0_6:                                # %if.end
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	sfll.i	$12, $12, 1
	setlt.u	$3, $12, $10
	bne	$3, $zero, .LBB0_3
.LBB0_7:                                # %for.end
	bne	$9, $zero, .LBB0_9
# %bb.8:                                # %if.then12
	add.si	$4, $zero, 0
	jplnk	_Z12get_group_idj
	sfll.i	$2, $2, 2
	ld.w	$3, 16($sp)
	add	$2, $3, $2
	ld.w	$3, 0($11)
	st.w	$3, 0($2)
.LBB0_9:                                # %if.end14
	ld.w	$ra, 28($sp)
	add.si	$sp, $sp, 32
	jr	$ra
	.set	macro
	.set	reorder
	.end	reduce_sum
$func_end0:
	.size	reduce_sum, ($func_end0)-reduce_sum
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
