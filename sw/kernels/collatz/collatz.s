# Data-dependent trip counts and a loop with two exits: each work-item counts the Collatz
# steps of its start value and gives up (break) after max_steps. An if/else on the parity
# sits inside the loop; a start value of 0 never reaches 1 and always takes the break.
#
#   __kernel void collatz(__global const uint* start, __global uint* steps, uint max_steps) {
#       uint gid = get_global_id(0);
#       uint n = start[gid];
#       uint s = 0;
#       while (n != 1) {
#           if (s == max_steps)
#               break;
#           if (n & 1)
#               n = 3 * n + 1;
#           else
#               n >>= 1;
#           s++;
#       }
#       steps[gid] = s;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"collatz"
	.globl	collatz                 # -- Begin function collatz
	.type	collatz,@function
	.ent	collatz                 # @collatz
collatz:
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
	add.si	$10, $zero, 0
	add.si	$11, $zero, 1
	beq	$3, $11, .LBB0_6
.LBB0_1:                                # %while.body
	beq	$10, $6, .LBB0_6
# %bb.2:                                # %if.end
	and.i	$12, $3, 1
	beq	$12, $zero, .LBB0_4
# %bb.3:                                # %if.odd
	add.si	$12, $zero, 3
	mul	$3, $3, $12
	add.si	$3, $3, 1
	jp	.LBB0_5
.LBB0_4:                                # %if.even
	sfrl.i	$3, $3, 1
.LBB0_5:                                # %if.end2
	add.si	$10, $10, 1
	bne	$3, $11, .LBB0_1
.LBB0_6:                                # %while.end
	add	$2, $9, $2
	st.w	$10, 0($2)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	collatz
$func_end0:
	.size	collatz, ($func_end0)-collatz
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
