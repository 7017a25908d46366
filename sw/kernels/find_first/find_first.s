# A loop with break: each work-item scans its row of `width` keys and reports the first
# column equal to `key`, or -1. The loop has two exits (found / end of row) that meet at the
# store.
#
#   __kernel void find_first(__global const int* rows, __global int* pos, int width, int key) {
#       int r = get_global_id(0);
#       __global const int* row = rows + r * width;
#       int found = -1;
#       for (int c = 0; c < width; c++) {
#           if (row[c] == key) {
#               found = c;
#               break;
#           }
#       }
#       pos[r] = found;
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"find_first"
	.globl	find_first              # -- Begin function find_first
	.type	find_first,@function
	.ent	find_first              # @find_first
find_first:
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
	mul	$3, $2, $6
	sfll.i	$3, $3, 2
	ld.w	$4, 4($sp)
	add	$3, $4, $3
	add.si	$8, $zero, -1
	add.si	$9, $zero, 0
	ble	$6, $9, .LBB0_4
.LBB0_1:                                # %for.body
	ld.w	$4, 0($3)
	beq	$4, $7, .LBB0_3
# %bb.2:                                # %for.inc
	add.si	$9, $9, 1
	add.si	$3, $3, 4
	blt	$9, $6, .LBB0_1
	jp	.LBB0_4
.LBB0_3:                                # %if.then
	add	$8, $9, $zero
.LBB0_4:                                # %for.end
	sfll.i	$2, $2, 2
	ld.w	$4, 8($sp)
	add	$2, $4, $2
	st.w	$8, 0($2)
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
	.set	macro
	.set	reorder
	.end	find_first
$func_end0:
	.size	find_first, ($func_end0)-find_first
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
