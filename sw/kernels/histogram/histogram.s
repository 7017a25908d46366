# Global-memory atomics: each work-item hashes its value into one of mask+1 bins and
# increments it with atom.add, then adds a weight to a single hot counter that every
# work-item of the NDRange hits. Frameless: $ra is kept in $13 across the builtin call.
#
#   __kernel void histogram(__global const uint* data, __global uint* bins,
#                           __global uint* total, uint mask) {
#       uint v = data[get_global_id(0)];
#       uint b = (v ^ (v >> 7)) & mask;
#       atomic_inc(&bins[b]);
#       atomic_add(total, v & 15);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"histogram"
	.globl	histogram               # -- Begin function histogram
	.type	histogram,@function
	.ent	histogram               # @histogram
histogram:
	.frame	$sp,0,$ra
	.mask 	0x00000000,0
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add	$13, $ra, $zero
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	add	$2, $8, $2
	ld.w	$2, 0($2)
	sfrl.i	$3, $2, 7
	xor	$3, $2, $3
	and	$3, $3, $7
	sfll.i	$3, $3, 2
	add	$3, $5, $3
	add.si	$4, $zero, 1
	atom.add	$4, $4, ($3)
	and.i	$2, $2, 15
	atom.add	$2, $2, ($6)
	jr	$13
	.set	macro
	.set	reorder
	.end	histogram
$func_end0:
	.size	histogram, ($func_end0)-histogram
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
