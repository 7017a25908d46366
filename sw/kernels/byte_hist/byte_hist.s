# 256-bin byte histogram: zero-extending byte loads (ld.bu), atom.add on __local memory,
# grid-stride loops and two barriers. Each work-group clears its __local bins, counts its
# share of the bytes there, then merges the bins into global memory with atom.add.
#
#   __kernel void byte_hist(__global const uchar* bytes, __global uint* bins,
#                           __local uint* local_bins, uint n) {
#       uint lid = get_local_id(0);
#       uint lsize = get_local_size(0);
#       for (uint b = lid; b < 256; b += lsize)
#           local_bins[b] = 0;
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint i = get_global_id(0); i < n; i += get_global_size(0))
#           atomic_inc(&local_bins[bytes[i]]);
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint b = lid; b < 256; b += lsize)
#           atomic_add(&bins[b], local_bins[b]);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"byte_hist"
	.globl	byte_hist               # -- Begin function byte_hist
	.type	byte_hist,@function
	.ent	byte_hist               # @byte_hist
byte_hist:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z12get_local_idj
	add	$9, $2, $zero
	jplnk	_Z14get_local_sizej
	add	$10, $2, $zero
	add.si	$11, $zero, 256
	add	$12, $9, $zero
	setlt.u	$3, $12, $11
	beq	$3, $zero, .LBB0_2
.LBB0_1:                                # %for.body
	sfll.i	$3, $12, 2
	add	$3, $6, $3
	st.w	$zero, 0($3)
	add	$12, $12, $10
	setlt.u	$3, $12, $11
	bne	$3, $zero, .LBB0_1
.LBB0_2:                                # %for.end
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$12, $2, $zero
	jplnk	_Z15get_global_sizej
	add	$13, $2, $zero
	setlt.u	$3, $12, $7
	beq	$3, $zero, .LBB0_4
.LBB0_3:                                # %for.body5
	add	$3, $8, $12
	ld.bu	$3, 0($3)
	sfll.i	$3, $3, 2
	add	$3, $6, $3
	add.si	$2, $zero, 1
	atom.add	$2, $2, ($3)
	add	$12, $12, $13
	setlt.u	$3, $12, $7
	bne	$3, $zero, .LBB0_3
.LBB0_4:                                # %for.end9
	add.si	$4, $zero, 1
	jplnk	_Z7barrierj
	add	$12, $9, $zero
	setlt.u	$3, $12, $11
	beq	$3, $zero, .LBB0_6
.LBB0_5:                                # %for.body13
	sfll.i	$3, $12, 2
	add	$2, $6, $3
	ld.w	$2, 0($2)
	add	$3, $5, $3
	atom.add	$2, $2, ($3)
	add	$12, $12, $10
	setlt.u	$3, $12, $11
	bne	$3, $zero, .LBB0_5
.LBB0_6:                                # %for.end17
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	byte_hist
$func_end0:
	.size	byte_hist, ($func_end0)-byte_hist
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
