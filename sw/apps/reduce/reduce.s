# reduce_sum: the sum of each work-group's ints, by a tree in __local memory, as the MVP
# clang backend compiles
#
#   __kernel void reduce_sum(__global const int *in, __global int *partial,
#                            __local int *scratch, uint n) {
#       uint lid = get_local_id(0);
#       uint gid = get_global_id(0);
#       uint lsize = get_local_size(0);
#       scratch[lid] = gid < n ? in[gid] : 0;
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint s = 1; s < lsize; s <<= 1) {
#           if ((lid & (2 * s - 1)) == 0 && lid + s < lsize)
#               scratch[lid] += scratch[lid + s];
#           barrier(CLK_LOCAL_MEM_FENCE);
#       }
#       if (lid == 0) partial[get_group_id(0)] = scratch[0];
#   }
#
# get_local_size is the group's actual size, so a smaller last group sums only its own items.
	.text
	.section .mdebug.abi32
	.previous
	.file	"reduce"
	.globl	reduce_sum              # -- Begin function reduce_sum
	.type	reduce_sum,@function
	.ent	reduce_sum              # @reduce_sum
reduce_sum:
	.frame	$sp,48,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -48
	st.w	$ra, 44($sp)
	st.w	$4, 40($sp)
	st.w	$5, 36($sp)
	st.w	$6, 32($sp)
	st.w	$7, 28($sp)
	add.si	$4, $zero, 0
	jplnk	_Z12get_local_idj
	st.w	$2, 24($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	st.w	$2, 20($sp)
	add.si	$4, $zero, 0
	jplnk	_Z14get_local_sizej
	st.w	$2, 16($sp)
	add.si	$3, $zero, 0
	ld.w	$2, 20($sp)
	ld.w	$4, 28($sp)
	setlt.u	$4, $2, $4
	beq	$4, $zero, .LBB0_2
	jp	.LBB0_1
.LBB0_1:                                # %cond.true
	sfll.i	$2, $2, 2
	ld.w	$4, 40($sp)
	add	$2, $4, $2
	ld.w	$3, 0($2)
.LBB0_2:                                # %cond.end
	ld.w	$2, 24($sp)
	sfll.i	$2, $2, 2
	ld.w	$4, 32($sp)
	add	$2, $4, $2
	st.w	$3, 0($2)
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	add.si	$2, $zero, 1
	st.w	$2, 12($sp)
.LBB0_3:                                # %for.cond
	ld.w	$2, 12($sp)
	ld.w	$3, 16($sp)
	setlt.u	$2, $2, $3
	beq	$2, $zero, .LBB0_8
	jp	.LBB0_4
.LBB0_4:                                # %for.body
	ld.w	$2, 12($sp)
	sfll.i	$3, $2, 1
	add.si	$3, $3, -1
	ld.w	$4, 24($sp)
	and	$3, $4, $3
	bne	$3, $zero, .LBB0_7
	jp	.LBB0_5
.LBB0_5:                                # %land.lhs.true
	add	$3, $4, $2
	ld.w	$5, 16($sp)
	setlt.u	$5, $3, $5
	beq	$5, $zero, .LBB0_7
	jp	.LBB0_6
.LBB0_6:                                # %if.then
	ld.w	$5, 32($sp)
	sfll.i	$3, $3, 2
	add	$3, $5, $3
	ld.w	$3, 0($3)
	sfll.i	$4, $4, 2
	add	$4, $5, $4
	ld.w	$5, 0($4)
	add	$5, $5, $3
	st.w	$5, 0($4)
.LBB0_7:                                # %if.end
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	ld.w	$2, 12($sp)
	sfll.i	$2, $2, 1
	st.w	$2, 12($sp)
	jp	.LBB0_3
.LBB0_8:                                # %for.end
	ld.w	$2, 24($sp)
	bne	$2, $zero, .LBB0_10
	jp	.LBB0_9
.LBB0_9:                                # %if.then17
	add.si	$4, $zero, 0
	jplnk	_Z12get_group_idj
	sfll.i	$2, $2, 2
	ld.w	$3, 36($sp)
	add	$2, $3, $2
	ld.w	$3, 32($sp)
	ld.w	$3, 0($3)
	st.w	$3, 0($2)
.LBB0_10:                               # %if.end19
	ld.w	$ra, 44($sp)
	add.si	$sp, $sp, 48
	jr	$ra
	.set	macro
	.set	reorder
	.end	reduce_sum
$func_end0:
	.size	reduce_sum, ($func_end0)-reduce_sum
                                        # -- End function

	.section	".note.GNU-stack","",@progbits
