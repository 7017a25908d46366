# Dependent global loads on both sides of a data-dependent branch: each side is a chain of
# four loads whose addresses come from the previous load (gathers through an index table),
# the case where running the two sides together hides the most latency.
#
#   __kernel void div_dep_loads(__global const uint* idx, __global const uint* data,
#                               __global uint* out, uint mask) {
#       uint i = get_global_id(0);
#       uint s = data[i];
#       uint v;
#       if (s & 1) {
#           uint a = idx[i];
#           uint b = idx[a];
#           uint c = idx[b];
#           v = data[c] + a;
#       } else {
#           uint a = data[s & mask];
#           uint b = idx[a & mask];
#           uint c = idx[b];
#           v = idx[c] ^ s;
#       }
#       out[i] = v;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"div_dep_loads"
	.globl	div_dep_loads           # -- Begin function div_dep_loads
	.type	div_dep_loads,@function
	.ent	div_dep_loads           # @div_dep_loads
div_dep_loads:
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
	add	$9, $5, $3
	ld.w	$9, 0($9)
	and.i	$10, $9, 1
	beq	$10, $zero, .LBB0_2
# %bb.1:                                # %if.then
	add	$10, $8, $3
	ld.w	$10, 0($10)
	sfll.i	$11, $10, 2
	add	$11, $8, $11
	ld.w	$11, 0($11)
	sfll.i	$11, $11, 2
	add	$11, $8, $11
	ld.w	$11, 0($11)
	sfll.i	$11, $11, 2
	add	$11, $5, $11
	ld.w	$11, 0($11)
	add	$10, $11, $10
	jp	.LBB0_3
.LBB0_2:                                # %if.else
	and	$10, $9, $7
	sfll.i	$10, $10, 2
	add	$10, $5, $10
	ld.w	$10, 0($10)
	and	$10, $10, $7
	sfll.i	$10, $10, 2
	add	$10, $8, $10
	ld.w	$10, 0($10)
	sfll.i	$10, $10, 2
	add	$10, $8, $10
	ld.w	$10, 0($10)
	sfll.i	$10, $10, 2
	add	$10, $8, $10
	ld.w	$10, 0($10)
	xor	$10, $10, $9
.LBB0_3:                                # %if.end
	add	$3, $6, $3
	st.w	$10, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	div_dep_loads
$func_end0:
	.size	div_dep_loads, ($func_end0)-div_dep_loads
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
