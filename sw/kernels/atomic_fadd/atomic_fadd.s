# Float atomic add as an atom.cas loop (OpenCL 1.2 has no atomic float add): each
# work-item adds its value into one of nsums accumulators (nsums a power of two), retrying
# until no other work-item changed the word between its read and its swap.
#
#   __kernel void atomic_fadd(__global const float* in, __global float* sums, uint nsums) {
#       uint i = get_global_id(0);
#       __global volatile int* p = (__global volatile int*)&sums[i & (nsums - 1)];
#       float v = in[i];
#       int old = *p, prev;
#       do {
#           prev = old;
#           old = atomic_cmpxchg(p, prev, as_int(as_float(prev) + v));
#       } while (old != prev);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"atomic_fadd"
	.globl	atomic_fadd             # -- Begin function atomic_fadd
	.type	atomic_fadd,@function
	.ent	atomic_fadd             # @atomic_fadd
atomic_fadd:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add.si	$3, $6, -1
	and	$3, $2, $3
	sfll.i	$3, $3, 2
	add	$9, $5, $3
	sfll.i	$2, $2, 2
	add	$2, $8, $2
	ld.w	$2, 0($2)
	ld.w	$3, 0($9)
.LBB0_1:                                # %do.body
	add	$10, $3, $zero
	fadd	$4, $3, $2
	atom.cas	$3, $4, ($9)
	bne	$3, $10, .LBB0_1
# %bb.2:                                # %do.end
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	atomic_fadd
$func_end0:
	.size	atomic_fadd, ($func_end0)-atomic_fadd
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
