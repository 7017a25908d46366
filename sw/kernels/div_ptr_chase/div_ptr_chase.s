# Memory-latency-bound dual path: odd work-items follow `steps` links of one random
# permutation, even ones of another. Each side is a chain of dependent global loads: under PDOM
# the second side starts its chain only when the first has finished; under MP-IPDOM the two
# chains are in flight together.
#
#   __kernel void div_ptr_chase(__global const uint* next_a, __global const uint* next_b,
#                               __global uint* out, uint steps) {
#       uint i = get_global_id(0);
#       uint p = i;
#       if (i & 1) {
#           for (uint k = 0; k < steps; ++k)
#               p = next_a[p];
#       } else {
#           for (uint k = 0; k < steps; ++k)
#               p = next_b[p];
#       }
#       out[i] = p;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_ptr_chase"
	.globl	div_ptr_chase           # -- Begin function div_ptr_chase
	.type	div_ptr_chase,@function
	.ent	div_ptr_chase           # @div_ptr_chase
div_ptr_chase:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$9, $2, $zero
	and.i	$3, $2, 1
	beq	$3, $zero, .LBB0_4
# %bb.1:                                # %if.then
	beq	$7, $zero, .LBB0_7
# %bb.2:                                # %for.a.preheader
	add.si	$10, $zero, 0
.LBB0_3:                                # %for.a
	sfll.i	$9, $9, 2
	add	$9, $8, $9
	ld.w	$9, 0($9)
	add.si	$10, $10, 1
	bne	$10, $7, .LBB0_3
	jp	.LBB0_7
.LBB0_4:                                # %if.else
	beq	$7, $zero, .LBB0_7
# %bb.5:                                # %for.b.preheader
	add.si	$10, $zero, 0
.LBB0_6:                                # %for.b
	sfll.i	$9, $9, 2
	add	$9, $5, $9
	ld.w	$9, 0($9)
	add.si	$10, $10, 1
	bne	$10, $7, .LBB0_6
.LBB0_7:                                # %if.end
	sfll.i	$2, $2, 2
	add	$2, $6, $2
	st.w	$9, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_ptr_chase
$func_end0:
	.size	div_ptr_chase, ($func_end0)-div_ptr_chase
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
