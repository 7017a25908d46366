# Nested branches: each element is classified as below, inside or above [lo, hi] (a 3-way
# if / else if / else) and transformed per class; the "below" side branches again on parity.
# The result packs the transformed value and the class. Optimised: the arguments stay in
# registers across the builtin call, which clobbers only $2 and $3.
#
#   __kernel void classify3(__global const int* in, __global int* out, int lo, int hi) {
#       int i = get_global_id(0);
#       int x = in[i];
#       int cls, v;
#       if (x < lo) {
#           cls = 0;
#           if (x & 1)
#               v = (lo - x) + 7;
#           else
#               v = (lo - x) * 2;
#       } else if (x <= hi) {
#           cls = 1;
#           v = (x - lo) * (hi - x);
#       } else {
#           cls = 2;
#           v = x ^ hi;
#       }
#       out[i] = (v << 2) | cls;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"classify3"
	.globl	classify3               # -- Begin function classify3
	.type	classify3,@function
	.ent	classify3               # @classify3
classify3:
	.frame	$sp,8,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	add	$8, $4, $zero
	add	$9, $5, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	add	$3, $8, $2
	ld.w	$3, 0($3)
	blt	$3, $6, .LBB0_1
	jp	.LBB0_4
.LBB0_1:                                # %if.then
	add.si	$10, $zero, 0
	sub	$11, $6, $3
	and.i	$12, $3, 1
	beq	$12, $zero, .LBB0_3
# %bb.2:                                # %if.then.odd
	add.si	$11, $11, 7
	jp	.LBB0_7
.LBB0_3:                                # %if.then.even
	sfll.i	$11, $11, 1
	jp	.LBB0_7
.LBB0_4:                                # %if.else
	blt	$7, $3, .LBB0_6
# %bb.5:                                # %if.inside
	add.si	$10, $zero, 1
	sub	$11, $3, $6
	sub	$12, $7, $3
	mul	$11, $11, $12
	jp	.LBB0_7
.LBB0_6:                                # %if.above
	add.si	$10, $zero, 2
	xor	$11, $3, $7
.LBB0_7:                                # %if.end
	sfll.i	$11, $11, 2
	or	$11, $11, $10
	add	$2, $9, $2
	st.w	$11, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	classify3
$func_end0:
	.size	classify3, ($func_end0)-classify3
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
