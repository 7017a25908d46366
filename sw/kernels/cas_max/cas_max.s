# atom.cas retry loop: atomic_max on one global word, written as the compare-and-swap loop a
# compiler emits for it. A work-item stops as soon as the stored value is not below its own
# or its swap succeeds; on failure it retries with the value the swap returned. Frameless.
#
#   __kernel void cas_max(__global const int* in, __global int* result) {
#       int v = in[get_global_id(0)];
#       int old = *result;
#       while (old < v) {
#           int prev = atomic_cmpxchg(result, old, v);
#           if (prev == old)
#               break;
#           old = prev;
#       }
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"cas_max"
	.globl	cas_max                 # -- Begin function cas_max
	.type	cas_max,@function
	.ent	cas_max                 # @cas_max
cas_max:
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
	ld.w	$3, 0($5)
	ble	$2, $3, .LBB0_3
.LBB0_1:                                # %while.body
	add	$9, $3, $zero
	atom.cas	$3, $2, ($5)
	beq	$3, $9, .LBB0_3
# %bb.2:                                # %if.end
	blt	$3, $2, .LBB0_1
.LBB0_3:                                # %while.end
	jr	$13
	.set	macro
	.set	reorder
	.end	cas_max
$func_end0:
	.size	cas_max, ($func_end0)-cas_max
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
