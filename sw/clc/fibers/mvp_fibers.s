# Work-item fibers: how a work-group of more work-items than an SP has threads runs on it
# (doc/opencl-c.md, "Work-groups larger than the SP"). Linked only into a program's fiber
# variant (toolchain::link_fiber_program), whose code reads every work-item id from the
# current fiber's context and calls __mvp_fiber_barrier where the kernel has `sync`.
#
# The launch runs H hardware threads a group (H divides the group's L work-items); each runs
# K = L / H work-items, one fiber each, in turn: fiber k of thread t is work-item t + k*H.
# Fiber k owns the FIBER_REGION-byte region at slot + k*FIBER_REGION of the thread's private
# slot (the region size is a power of two, so `$sp & -FIBER_REGION` is the fiber's region
# wherever its stack is): its context at the bottom, its stack from the top down.
#
# Context (bytes from the region's base):
#   0 global ids [3]    12 local ids [3]    24 local sizes [3]    36 global sizes [3]
#   48 resume PC        52 saved $1-$15 ($r at 48 + 4r)
#   112 next fiber's region    116 last fiber of the thread    120 ended
#   124 fiber 0's region       128 (fiber 0 only) fibers not yet ended
# Launch block (its address is the launch's only argument):
#   0 L[3]   12 G[3] global sizes   24 K   28 kernel entry PC   32 argument words n
#   36 mask of the __local words (offsets: the group's local base is added)   40 words [n]
	.text

	.globl	__mvp_fiber_start
	.type	__mvp_fiber_start,@function
__mvp_fiber_start:
	ld.w	$5, 24($4)
	or.i	$6, $zero, FIBER_REGION
	mul	$6, $6, $5
	add.si	$10, $sp, 16
	sub	$10, $10, $6
	rdsr	$11, $zero, %local_id
	rdsr	$12, $zero, %local_size
	add	$13, $zero, $zero
.Lfiber:
	or.i	$1, $zero, FIBER_REGION
	mul	$1, $1, $13
	add	$1, $1, $10
	mul	$8, $13, $12
	add	$8, $8, $11
	ld.w	$9, 0($4)
	jplnk	__mvp_fiber_divmod
	st.w	$8, 12($1)
	add	$8, $2, $zero
	ld.w	$9, 4($4)
	jplnk	__mvp_fiber_divmod
	st.w	$8, 16($1)
	st.w	$2, 20($1)
	rdsr	$5, $zero, %group_id
	ld.w	$6, 0($4)
	st.w	$6, 24($1)
	mul	$5, $5, $6
	ld.w	$6, 12($1)
	add	$5, $5, $6
	rdsr	$6, $zero, %global_offset
	add	$5, $5, $6
	st.w	$5, 0($1)
	rdsr	$5, $zero, %group_id+1
	ld.w	$6, 4($4)
	st.w	$6, 28($1)
	mul	$5, $5, $6
	ld.w	$6, 16($1)
	add	$5, $5, $6
	rdsr	$6, $zero, %global_offset+1
	add	$5, $5, $6
	st.w	$5, 4($1)
	rdsr	$5, $zero, %group_id+2
	ld.w	$6, 8($4)
	st.w	$6, 32($1)
	mul	$5, $5, $6
	ld.w	$6, 20($1)
	add	$5, $5, $6
	rdsr	$6, $zero, %global_offset+2
	add	$5, $5, $6
	st.w	$5, 8($1)
	ld.w	$5, 12($4)
	st.w	$5, 36($1)
	ld.w	$5, 16($4)
	st.w	$5, 40($1)
	ld.w	$5, 20($4)
	st.w	$5, 44($1)
	st.w	$zero, 52($1)
	st.w	$zero, 56($1)
	st.w	$zero, 60($1)
	st.w	$zero, 64($1)
	st.w	$zero, 68($1)
	st.w	$zero, 72($1)
	st.w	$zero, 76($1)
	st.w	$zero, 80($1)
	st.w	$zero, 84($1)
	st.w	$zero, 88($1)
	st.w	$zero, 92($1)
	st.w	$zero, 96($1)
	st.w	$zero, 100($1)
	ld.w	$5, 28($4)
	st.w	$5, 48($1)
	or.i	$5, $zero, __mvp_fiber_exit
	st.w	$5, 108($1)
	# The fiber's $sp: 16 bytes below its region's top, minus its argument area (the kernel
	# ABI's: argument word j >= 4 at $sp + 4j).
	ld.w	$6, 32($4)
	sfll.i	$6, $6, 2
	add.si	$6, $6, 16
	or.i	$7, $zero, FIBER_REGION
	add	$7, $7, $1
	add.si	$7, $7, -16
	sub	$7, $7, $6
	and.i	$7, $7, -16
	st.w	$7, 104($1)
	# The argument words: $4-$7 in the context, the others above the fiber's $sp.
	add	$5, $zero, $zero
	ld.w	$6, 32($4)
.Largs:
	beq	$5, $6, .Largs_done
	sfll.i	$8, $5, 2
	add	$8, $8, $4
	ld.w	$8, 40($8)
	ld.w	$9, 36($4)
	sfrl	$9, $9, $5
	and.i	$9, $9, 1
	beq	$9, $zero, .Lvalue_word
	rdsr	$9, $zero, %local_base
	add	$8, $8, $9
.Lvalue_word:
	add.si	$9, $zero, 4
	setlt.u	$9, $5, $9
	beq	$9, $zero, .Lstack_word
	sfll.i	$9, $5, 2
	add	$9, $9, $1
	st.w	$8, 64($9)
	jp	.Lnext_word
.Lstack_word:
	sfll.i	$9, $5, 2
	add	$9, $9, $7
	st.w	$8, 0($9)
.Lnext_word:
	add.si	$5, $5, 1
	jp	.Largs
.Largs_done:
	or.i	$7, $zero, FIBER_REGION
	add	$7, $7, $1
	st.w	$7, 112($1)
	st.w	$zero, 116($1)
	st.w	$zero, 120($1)
	st.w	$10, 124($1)
	add.si	$13, $13, 1
	ld.w	$6, 24($4)
	bne	$13, $6, .Lfiber
	add.si	$7, $zero, 1
	st.w	$7, 116($1)
	st.w	$10, 112($1)
	st.w	$6, 128($10)
	add	$2, $10, $zero
	jp	.Lresume

# $8 / $9 for $8 < 4096: quotient in $2, remainder in $8; overwrites $3, $5, $6, $7. A
# dividend below the divisor (every id of a one-dimensional group) returns at once.
	.type	__mvp_fiber_divmod,@function
__mvp_fiber_divmod:
	add	$2, $zero, $zero
	setlt.u	$3, $8, $9
	bne	$3, $zero, .Ldiv_done
	add.si	$5, $zero, 11
.Ldiv_bit:
	sfll	$6, $9, $5
	setlt.u	$3, $8, $6
	bne	$3, $zero, .Ldiv_next
	sub	$8, $8, $6
	add.si	$7, $zero, 1
	sfll	$7, $7, $5
	or	$2, $2, $7
.Ldiv_next:
	beq	$5, $zero, .Ldiv_done
	add.si	$5, $5, -1
	jp	.Ldiv_bit
.Ldiv_done:
	jr	$ra

# The kernel's `sync`, as `st.w $ra, -4($sp)`, `jplnk __mvp_fiber_barrier`, `ld.w $ra,
# -4($sp)`: the fiber's registers go to its context and the next fiber runs; the thread's last
# fiber waits at the hardware barrier first, so that every work-item of the group is there.
	.globl	__mvp_fiber_barrier
	.type	__mvp_fiber_barrier,@function
__mvp_fiber_barrier:
	and.i	$2, $sp, -FIBER_REGION
	st.w	$15, 48($2)
	st.w	$1, 52($2)
	st.w	$4, 64($2)
	st.w	$5, 68($2)
	st.w	$6, 72($2)
	st.w	$7, 76($2)
	st.w	$8, 80($2)
	st.w	$9, 84($2)
	st.w	$10, 88($2)
	st.w	$11, 92($2)
	st.w	$12, 96($2)
	st.w	$13, 100($2)
	st.w	$14, 104($2)
	st.w	$15, 108($2)
	jp	.Lnext

# Where a fiber's kernel returns (its $ra) and where its `exit` jumps: the fiber has ended;
# the thread ends with its last fiber.
	.globl	__mvp_fiber_exit
	.type	__mvp_fiber_exit,@function
__mvp_fiber_exit:
	and.i	$2, $sp, -FIBER_REGION
	add.si	$3, $zero, 1
	st.w	$3, 120($2)
	ld.w	$3, 124($2)
	ld.w	$4, 128($3)
	add.si	$4, $4, -1
	st.w	$4, 128($3)
	bne	$4, $zero, .Lnext
	exit
.Lnext:
	ld.w	$3, 116($2)
	ld.w	$2, 112($2)
	beq	$3, $zero, .Lcheck
	sync
.Lcheck:
	ld.w	$3, 120($2)
	bne	$3, $zero, .Lnext
.Lresume:
	ld.w	$1, 52($2)
	ld.w	$4, 64($2)
	ld.w	$5, 68($2)
	ld.w	$6, 72($2)
	ld.w	$7, 76($2)
	ld.w	$8, 80($2)
	ld.w	$9, 84($2)
	ld.w	$10, 88($2)
	ld.w	$11, 92($2)
	ld.w	$12, 96($2)
	ld.w	$13, 100($2)
	ld.w	$14, 104($2)
	ld.w	$15, 108($2)
	ld.w	$3, 48($2)
	jr	$3
