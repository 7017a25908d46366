# The MVP runtime library: OpenCL C work-item builtins, linked after every kernel.
# ABI (doc/isa.md): dimension in $4, result in $2; only $2 and $3 are overwritten.
# A dimension of 3 or more gives 0 for ids and offsets and 1 for sizes, as OpenCL 1.2 says.
	.text

	.globl	_Z13get_global_idj
	.type	_Z13get_global_idj,@function
_Z13get_global_idj:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range0
	rdsr	$2, $4, %global_id
	jr	$ra
.Lout_of_range0:
	add.si	$2, $zero, 0
	jr	$ra

	.globl	_Z12get_local_idj
	.type	_Z12get_local_idj,@function
_Z12get_local_idj:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range1
	rdsr	$2, $4, %local_id
	jr	$ra
.Lout_of_range1:
	add.si	$2, $zero, 0
	jr	$ra

	.globl	_Z12get_group_idj
	.type	_Z12get_group_idj,@function
_Z12get_group_idj:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range2
	rdsr	$2, $4, %group_id
	jr	$ra
.Lout_of_range2:
	add.si	$2, $zero, 0
	jr	$ra

	.globl	_Z17get_global_offsetj
	.type	_Z17get_global_offsetj,@function
_Z17get_global_offsetj:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range3
	rdsr	$2, $4, %global_offset
	jr	$ra
.Lout_of_range3:
	add.si	$2, $zero, 0
	jr	$ra

	.globl	_Z14get_local_sizej
	.type	_Z14get_local_sizej,@function
_Z14get_local_sizej:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range4
	rdsr	$2, $4, %local_size
	jr	$ra
.Lout_of_range4:
	add.si	$2, $zero, 1
	jr	$ra

	.globl	_Z23get_enqueued_local_sizej
	.type	_Z23get_enqueued_local_sizej,@function
_Z23get_enqueued_local_sizej:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range5
	rdsr	$2, $4, %enqueued_local_size
	jr	$ra
.Lout_of_range5:
	add.si	$2, $zero, 1
	jr	$ra

	.globl	_Z15get_global_sizej
	.type	_Z15get_global_sizej,@function
_Z15get_global_sizej:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range6
	rdsr	$2, $4, %global_size
	jr	$ra
.Lout_of_range6:
	add.si	$2, $zero, 1
	jr	$ra

	.globl	_Z14get_num_groupsj
	.type	_Z14get_num_groupsj,@function
_Z14get_num_groupsj:
	add.si	$3, $zero, 3
	setlt.u	$3, $4, $3
	beq	$3, $zero, .Lout_of_range7
	rdsr	$2, $4, %num_groups
	jr	$ra
.Lout_of_range7:
	add.si	$2, $zero, 1
	jr	$ra

	.globl	_Z12get_work_dimv
	.type	_Z12get_work_dimv,@function
_Z12get_work_dimv:
	rdsr	$2, $zero, %work_dim
	jr	$ra

	.globl	_Z7barrierj
	.type	_Z7barrierj,@function
_Z7barrierj:
	sync
	jr	$ra

# $ra of every kernel points here: returning from the kernel ends the thread.
	.globl	__mvp_exit_stub
	.type	__mvp_exit_stub,@function
__mvp_exit_stub:
	exit
