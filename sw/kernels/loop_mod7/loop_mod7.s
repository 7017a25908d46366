# Per-thread loop trip counts: work-item gid runs gid % 7 iterations, so neighbouring
# work-items of a warp leave the loop at different times. The MVP has no divide: gid % 7 is
# lowered to a multiply-shift, gid / 7 = (gid * 37450) >> 18, exact for gid < 43690.
#
#   __kernel void loop_mod7(__global const int* in, __global int* out) {
#       int gid = get_global_id(0);
#       int x = in[gid];
#       int acc = x;
#       for (int i = 0; i < gid % 7; i++)
#           acc += x * i + (acc >> 3);
#       out[gid] = acc;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"loop_mod7"
	.globl	loop_mod7               # -- Begin function loop_mod7
	.type	loop_mod7,@function
	.ent	loop_mod7               # @loop_mod7
loop_mod7:
	.frame	$sp,16,$ra
	.mask 	0x00008000,-4
	.fmask	0x00000000,0
# %bb.0:                                # %entry
	add.si	$sp, $sp, -16
	st.w	$ra, 12($sp)
	st.w	$5, 8($sp)
	st.w	$4, 4($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add.si	$3, $zero, 37450
	mul	$3, $2, $3
	sfrl.i	$3, $3, 18
	add.si	$4, $zero, 7
	mul	$3, $3, $4
	sub	$6, $2, $3
	sfll.i	$2, $2, 2
	ld.w	$3, 4($sp)
	add	$3, $3, $2
	ld.w	$7, 0($3)
	add	$8, $7, $zero
	add.si	$9, $zero, 0
	ble	$6, $9, .LBB0_2
.LBB0_1:                                # %for.body
	sfra.i	$3, $8, 3
	add	$8, $8, $3
	mac	$8, $7, $9
	add.si	$9, $9, 1
	blt	$9, $6, .LBB0_1
.LBB0_2:                                # %for.end
	ld.w	$3, 8($sp)
	add	$2, $3, $2
	st.w	$8, 0($2)
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
	.set	macro
	.set	reorder
	.end	loop_mod7
$func_end0:
	.size	loop_mod7, ($func_end0)-loop_mod7
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
