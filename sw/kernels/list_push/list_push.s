# atom.xchg: every work-item pushes its node onto a lock-free singly linked list. The swap
# makes the node the new head and returns the previous head, which becomes the node's
# successor; whatever the order, the list ends up holding every node exactly once.
#
#   __kernel void list_push(__global int* head, __global int* next, __global int* value,
#                           __global const int* in) {
#       int i = get_global_id(0);
#       value[i] = in[i] * 3;
#       next[i] = atomic_xchg(head, i);
#   }
	.text
	.section	.mdebug.abi32
	.previous
	.file	"list_push"
	.globl	list_push               # -- Begin function list_push
	.type	list_push,@function
	.ent	list_push               # @list_push
list_push:
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
	add	$9, $7, $3
	ld.w	$9, 0($9)
	add.si	$10, $zero, 3
	mul	$9, $9, $10
	add	$10, $6, $3
	st.w	$9, 0($10)
	add	$9, $2, $zero
	atom.xchg	$9, $9, ($8)
	add	$3, $5, $3
	st.w	$9, 0($3)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
	.set	macro
	.set	reorder
	.end	list_push
$func_end0:
	.size	list_push, ($func_end0)-list_push
                                        # -- End function
	.section	".note.GNU-stack","",@progbits
