// The SP's Multi-Path IPDOM divergence unit (modules/sp/mp_ipdom.h, doc/divergence.md): per
// warp a split table (ST), a reconvergence table (RT) and a FIFO of parked splits, with every
// operation of MpIpdom, the same slot choices, schedule order and statistics.
//
// Interface: one operation per clock edge while cmd.valid is high, on warp cmd.warp (the fields of
// the command and status buses are listed at the ports; modules/rtl/README.md has the table):
//   OP_START      pc_a = entry PC, lanes = the warp's threads
//   OP_ADVANCE    slot, pc_a = next PC                 (a non-control instruction issued)
//   OP_BRANCH     slot, lanes = taken, pc_a = target, pc_b = fall-through, pc_c = reconvergence
//   OP_JUMP       slot, pc_a = target
//   OP_CALL       slot, pc_a = target
//   OP_INDIRECT   slot, is_return; the lane targets staged by OP_TARGET
//   OP_EXIT       slot, lanes = the lanes that exit
//   OP_BARRIER    slot, pc_a = next PC                 (the split waits at a barrier)
//   OP_RELEASE    -                                    (the work-group's barrier released)
//   OP_TARGET     tgt_lane, pc_a = that lane's jr target (no state change; one lane per edge)
// Table sizes are configuration pins (cfg), up to the parameters; status.st_entries shows the
// split table size in use: min(st_entries, warp_size, 32), at least 1.
//
// Outputs for the addressed warp: occupied slots, live lanes, st_used and rt_used
// (combinational), a read port (rd_index selects the slot shown on rd_pc / rd_mask and the rank
// shown on rd_sched, the slot at that place of the schedule order; stat_sel the statistic on
// rd_stat), and registered at each edge st_dirty (the slots whose PC or mask the operation wrote)
// and sched_dirty (occupancy or a priority changed). So an adapter reads only what an operation
// changed. `error` is sticky: an operation on a free slot, a full parked FIFO or a settle loop
// that does not end (none can happen with the pipeline's calls).
//
// The pins are packed into a few buses because a Verilated SystemC model reads every input port
// and writes every output port it drives at each evaluation: fewer ports, faster co-simulation.
//
// With trace_en high the addressed warp's tables after the operation are copied into view_* at
// the falling edge, for the waveform of a lockstep report; the simulation leaves it low.
//
// The model is behavioural: each operation runs MpIpdom's algorithm (settle loop included) in
// one edge, with blocking assignments to the tables inside the clocked block.
module mvp_mp_ipdom #(
    parameter int MAX_WARPS = 64,
    parameter int MAX_WS = 64,
    parameter int MAX_ST = 32,
    parameter int MAX_RT = 64,
    localparam int WW = $clog2(MAX_WARPS)
) (
    input  logic        clk,
    // {trace_en, valid, stat_sel[2:0], is_return, op[3:0], rd_index[4:0], tgt_lane[5:0],
    //  slot[4:0], warp}
    input  logic [WW+25:0] cmd,
    // {warp_size[6:0], st_entries[5:0], rt_entries[6:0]}
    input  logic [19:0] cfg,
    input  logic [31:0] pc_a,
    input  logic [31:0] pc_b,
    input  logic [31:0] pc_c,
    input  logic [63:0] lanes,
    // {error, sched_dirty, st_entries[5:0], rd_sched[4:0], rt_used[6:0], st_used[5:0],
    //  occupied[31:0]}
    output logic [57:0] status,
    output logic [63:0] live,
    output logic [31:0] rd_pc,
    output logic [63:0] rd_mask,
    output logic [31:0] st_dirty,
    output logic [63:0] rd_stat
);
    localparam logic [3:0] OP_START = 4'd1;
    localparam logic [3:0] OP_ADVANCE = 4'd2;
    localparam logic [3:0] OP_BRANCH = 4'd3;
    localparam logic [3:0] OP_JUMP = 4'd4;
    localparam logic [3:0] OP_CALL = 4'd5;
    localparam logic [3:0] OP_INDIRECT = 4'd6;
    localparam logic [3:0] OP_EXIT = 4'd7;
    localparam logic [3:0] OP_BARRIER = 4'd8;
    localparam logic [3:0] OP_RELEASE = 4'd9;
    localparam logic [3:0] OP_TARGET = 4'd10;
    // The toolchain's reconvergence codes (modules/isa/instruction.h).
    localparam logic [31:0] RECONVERGE_AT_EXIT = 32'hffffffff;
    localparam logic [31:0] NO_RECONVERGENCE = 32'hfffffffe;
    localparam int SETTLE_LIMIT = 4 * (MAX_ST + MAX_RT + MAX_WS);

    // A split: the ST entry of a slot, or a parked one. order: scheduling priority (higher
    // first); sequential: it reached its PC by falling through (its slot's buffer holds it).
    typedef struct packed {
        logic [31:0] order;
        logic [31:0] pc;
        logic [63:0] mask;
        logic signed [31:0] depth;
        logic signed [7:0] rindex;
        logic at_barrier;
        logic sequential;
    } split_t;
    // A pending reconvergence point. recon == 0: the entry is free. at_return: reconverges when
    // the threads return from the function (pc, once known, is the return PC).
    typedef struct packed {
        logic [63:0] recon;
        logic [63:0] pending;
        logic [31:0] pc;
        logic pc_known;
        logic at_return;
        logic signed [31:0] rpc_depth;
        logic signed [31:0] depth;
        logic signed [7:0] parent;
        logic signed [7:0] fell_through;
    } rt_t;

    localparam split_t SPLIT_EMPTY = '{order: '0, pc: '0, mask: '0, depth: '0, rindex: -8'sd1,
                                       at_barrier: 1'b0, sequential: 1'b0};
    localparam rt_t RT_EMPTY = '{recon: '0, pending: '0, pc: '0, pc_known: 1'b1, at_return: 1'b0,
                                 rpc_depth: '0, depth: '0, parent: -8'sd1,
                                 fell_through: -8'sd1};

    // The tables of every warp, one array per field (split_t / rt_t are the entries as the
    // algorithm moves them around). Parked splits are kept whole: they are rare.
    logic [31:0] st_pc_q[MAX_WARPS][MAX_ST];
    logic [63:0] st_mask_q[MAX_WARPS][MAX_ST];
    logic signed [31:0] st_depth_q[MAX_WARPS][MAX_ST];
    logic signed [7:0] st_rindex_q[MAX_WARPS][MAX_ST];
    logic st_barrier_q[MAX_WARPS][MAX_ST];
    logic st_seq_q[MAX_WARPS][MAX_ST];
    logic [31:0] st_order_q[MAX_WARPS][MAX_ST];
    logic [63:0] rt_recon_q[MAX_WARPS][MAX_RT];
    logic [63:0] rt_pending_q[MAX_WARPS][MAX_RT];
    logic [31:0] rt_pc_q[MAX_WARPS][MAX_RT];
    logic rt_known_q[MAX_WARPS][MAX_RT];
    logic rt_return_q[MAX_WARPS][MAX_RT];
    logic signed [31:0] rt_rpc_depth_q[MAX_WARPS][MAX_RT];
    logic signed [31:0] rt_depth_q[MAX_WARPS][MAX_RT];
    logic signed [7:0] rt_parent_q[MAX_WARPS][MAX_RT];
    logic signed [7:0] rt_fell_q[MAX_WARPS][MAX_RT];
    split_t parked_q[MAX_WARPS][MAX_WS];
    logic [6:0] parked_n_q[MAX_WARPS];
    logic [31:0] occ_q[MAX_WARPS];
    logic [63:0] live_q[MAX_WARPS];
    logic [63:0] barrier_q[MAX_WARPS];  // threads of splits waiting at a barrier
    logic [5:0] st_used_q[MAX_WARPS];
    logic [6:0] rt_used_q[MAX_WARPS];
    logic signed [7:0] last_freed_q[MAX_WARPS];  // the slot that left the ST last
    logic [31:0] next_order_q[MAX_WARPS];
    logic [4:0] sched_q[MAX_WARPS][MAX_ST];  // the schedule order: slot at each rank
    logic [31:0] target_q[MAX_WS];  // jr targets staged by OP_TARGET
    logic [63:0] splits_created_q, reconvergences_q, st_full_q, rt_full_q, bypasses_q;
    logic [7:0] max_st_q, max_rt_q;
    logic error_q;

    // The addressed warp's tables after the operation (trace_en only; read by the waveform).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] view_st_pc[MAX_ST];
    logic [63:0] view_st_mask[MAX_ST];
    logic signed [31:0] view_st_depth[MAX_ST];
    logic signed [7:0] view_st_rindex[MAX_ST];
    logic view_st_barrier[MAX_ST];
    logic [31:0] view_st_order[MAX_ST];
    logic [63:0] view_rt_recon[MAX_RT];
    logic [63:0] view_rt_pending[MAX_RT];
    logic [31:0] view_rt_pc[MAX_RT];
    logic signed [7:0] view_rt_parent[MAX_RT];
    logic [6:0] view_parked_n;
    logic [63:0] view_barrier;
    /* verilator lint_on UNUSEDSIGNAL */

    // The command and configuration fields.
    logic trace_en, valid, is_return;
    logic [2:0] stat_sel;
    logic [3:0] op;
    logic [4:0] rd_index, slot;
    logic [5:0] tgt_lane;
    logic [WW-1:0] warp;
    logic [6:0] cfg_warp_size, cfg_rt_entries;
    logic [5:0] cfg_st_entries;
    assign {trace_en, valid, stat_sel, is_return, op, rd_index, tgt_lane, slot, warp} = cmd;
    assign {cfg_warp_size, cfg_st_entries, cfg_rt_entries} = cfg;
    logic sched_dirty;

    // Configuration (constant during a run).
    logic [5:0] n_st;
    logic [6:0] n_rt;
    logic [31:0] st_all;  // mask of the slots in use
    always_comb begin
        n_st = cfg_st_entries;
        if ({1'b0, n_st} > cfg_warp_size) n_st = 6'(cfg_warp_size);
        if (n_st > 6'd32) n_st = 6'd32;
        if (n_st == 6'd0) n_st = 6'd1;
        n_rt = cfg_rt_entries == 7'd0 ? 7'd1 : cfg_rt_entries;
        st_all = n_st == 6'd32 ? '1 : (32'd1 << n_st) - 32'd1;
    end

    // Read port and status of the addressed warp.
    always_comb begin
        status = {error_q, sched_dirty, n_st, sched_q[warp][rd_index], rt_used_q[warp],
                  st_used_q[warp], occ_q[warp]};
        live = live_q[warp];
        rd_pc = st_pc_q[warp][rd_index];
        rd_mask = st_mask_q[warp][rd_index];
        unique case (stat_sel)
            3'd0: rd_stat = splits_created_q;
            3'd1: rd_stat = reconvergences_q;
            3'd2: rd_stat = st_full_q;
            3'd3: rd_stat = rt_full_q;
            3'd4: rd_stat = bypasses_q;
            3'd5: rd_stat = {56'd0, max_st_q};
            3'd6: rd_stat = {56'd0, max_rt_q};
            default: rd_stat = '0;
        endcase
    end

    // ---- The algorithm, on warp cw (blocking updates inside the clocked block below).
    /* verilator lint_off BLKSEQ */
    int cw;
    logic need_settle;  // the operation ends with the settle loop, as each of MpIpdom's does
    logic [31:0] dirty;  // slots whose PC or mask were written
    logic reorder;  // occupancy or a priority changed

    function automatic int lowest_bit32(input logic [31:0] v);
        for (int i = 0; i < 32; i++)
            if (v[i]) return i;
        return -1;
    endfunction

    function automatic int lowest_lane(input logic [63:0] v);
        for (int i = 0; i < 64; i++)
            if (v[i]) return i;
        return -1;
    endfunction

    // A split at (pc, depth) reconverging into RT entry rindex is at its reconvergence point (and
    // not held at a barrier). A freed entry reads as RT_EMPTY, as in MpIpdom.
    function automatic logic reached_at(input logic [31:0] pc, input logic signed [31:0] depth,
                                        input logic signed [7:0] rindex, input logic at_barrier);
        int r;
        if (at_barrier || rindex < 0) return 1'b0;
        r = int'(rindex);
        if (rt_return_q[cw][r]) return depth < rt_rpc_depth_q[cw][r];
        return pc == rt_pc_q[cw][r] && depth == rt_rpc_depth_q[cw][r];
    endfunction

    function automatic logic reached(input split_t e);
        return reached_at(e.pc, e.depth, e.rindex, e.at_barrier);
    endfunction

    function automatic logic slot_reached(input int s);
        return reached_at(st_pc_q[cw][s], st_depth_q[cw][s], st_rindex_q[cw][s],
                          st_barrier_q[cw][s]);
    endfunction

    function automatic split_t get_split(input int s);
        split_t e;
        e.order = st_order_q[cw][s];
        e.pc = st_pc_q[cw][s];
        e.mask = st_mask_q[cw][s];
        e.depth = st_depth_q[cw][s];
        e.rindex = st_rindex_q[cw][s];
        e.at_barrier = st_barrier_q[cw][s];
        e.sequential = st_seq_q[cw][s];
        return e;
    endfunction

    task automatic put_split(input int s, input split_t e);
        st_order_q[cw][s] = e.order;
        st_pc_q[cw][s] = e.pc;
        st_mask_q[cw][s] = e.mask;
        st_depth_q[cw][s] = e.depth;
        st_rindex_q[cw][s] = e.rindex;
        st_barrier_q[cw][s] = e.at_barrier;
        st_seq_q[cw][s] = e.sequential;
        dirty[s] = 1'b1;
        reorder = 1'b1;
    endtask

    function automatic rt_t get_rt(input int r);
        rt_t x;
        x.recon = rt_recon_q[cw][r];
        x.pending = rt_pending_q[cw][r];
        x.pc = rt_pc_q[cw][r];
        x.pc_known = rt_known_q[cw][r];
        x.at_return = rt_return_q[cw][r];
        x.rpc_depth = rt_rpc_depth_q[cw][r];
        x.depth = rt_depth_q[cw][r];
        x.parent = rt_parent_q[cw][r];
        x.fell_through = rt_fell_q[cw][r];
        return x;
    endfunction

    task automatic put_rt(input int r, input rt_t x);
        rt_recon_q[cw][r] = x.recon;
        rt_pending_q[cw][r] = x.pending;
        rt_pc_q[cw][r] = x.pc;
        rt_known_q[cw][r] = x.pc_known;
        rt_return_q[cw][r] = x.at_return;
        rt_rpc_depth_q[cw][r] = x.rpc_depth;
        rt_depth_q[cw][r] = x.depth;
        rt_parent_q[cw][r] = x.parent;
        rt_fell_q[cw][r] = x.fell_through;
    endtask

    task automatic note_occupancy();
        st_used_q[cw] = 6'($countones(occ_q[cw]));
        if ({2'b0, st_used_q[cw]} > max_st_q) max_st_q = {2'b0, st_used_q[cw]};
        if ({1'b0, rt_used_q[cw]} > max_rt_q) max_rt_q = {1'b0, rt_used_q[cw]};
    endtask

    task automatic park(input split_t e);
        if (parked_n_q[cw] >= 7'(MAX_WS)) begin
            error_q = 1'b1;
        end else begin
            parked_q[cw][parked_n_q[cw][5:0]] = e;
            parked_n_q[cw] = parked_n_q[cw] + 7'd1;
        end
    endtask

    task automatic unpark(input int i);
        for (int j = i; j + 1 < int'(parked_n_q[cw]); j++) parked_q[cw][j] = parked_q[cw][j + 1];
        parked_n_q[cw] = parked_n_q[cw] - 7'd1;
        parked_q[cw][parked_n_q[cw][5:0]] = SPLIT_EMPTY;
    endtask

    // A new split takes a free slot (the preferred one if free), or is parked.
    task automatic place(input split_t e, input int preferred);
        logic [31:0] free;
        int s;
        free = st_all & ~occ_q[cw];
        if (free == '0) begin
            park(e);
            st_full_q = st_full_q + 64'd1;
        end else begin
            s = lowest_bit32(free);
            if (preferred >= 0 && free[preferred[4:0]]) s = preferred;
            put_split(s, e);
            occ_q[cw][s] = 1'b1;
            note_occupancy();
        end
    endtask

    task automatic free_slot(input int s);
        put_split(s, SPLIT_EMPTY);
        occ_q[cw][s] = 1'b0;
        last_freed_q[cw] = 8'(s);
        note_occupancy();
    endtask

    task automatic alloc_rt(output int index);
        index = -1;
        for (int i = 0; i < int'(n_rt) && index < 0; i++) begin
            if (rt_recon_q[cw][i] == '0) begin
                rt_used_q[cw] = rt_used_q[cw] + 7'd1;
                note_occupancy();
                index = i;
            end
        end
    endtask

    // A split that reached its reconvergence point leaves the ST (from slot `from`, or -1). One
    // that returned elsewhere than the first returner of its at-return entry leaves that entry
    // for the parent's, and may arrive there at once: the loop follows it up the chain.
    task automatic arrive(input split_t e_in, input int from);
        split_t e;
        rt_t r;
        int index;
        int slot_from;
        logic done;
        e = e_in;
        slot_from = from;
        done = 1'b0;
        for (int guard = 0; guard <= MAX_RT && !done; guard++) begin
            index = int'(e.rindex);
            r = get_rt(index);
            if (r.at_return && r.pc_known && (r.pc != e.pc || r.depth != e.depth)) begin
                r.recon = r.recon & ~e.mask;
                r.pending = r.pending & ~e.mask;
                e.rindex = r.parent;
                if (r.recon == '0) begin
                    r = RT_EMPTY;
                    rt_used_q[cw] = rt_used_q[cw] - 7'd1;
                end
                put_rt(index, r);
                if (reached(e)) begin
                    slot_from = -1;
                end else begin
                    place(e, -1);
                    done = 1'b1;
                end
            end else begin
                if (r.at_return && !r.pc_known) begin
                    // The first split to return tells where the paths meet.
                    r.pc = e.pc;
                    r.depth = e.depth;
                    r.pc_known = 1'b1;
                end
                r.pending = r.pending & ~e.mask;
                if (slot_from >= 0 && e.sequential && r.fell_through < 0)
                    r.fell_through = 8'(slot_from);
                put_rt(index, r);
                done = 1'b1;
            end
        end
        if (!done) error_q = 1'b1;
    endtask

    // A split that is new to the tables: it arrives at once if it is at its reconvergence point,
    // otherwise it takes a slot (counted as created when `count`).
    task automatic join_split(input split_t e, input int preferred, input logic count);
        if (reached(e)) begin
            arrive(e, -1);
        end else begin
            if (count) splits_created_q = splits_created_q + 64'd1;
            place(e, preferred);
        end
    endtask

    // One pass of reconvergences, completions, barrier bypasses and unparking; returns whether
    // anything changed.
    task automatic settle_once(output logic changed);
        logic [31:0] snapshot;
        split_t e;
        split_t m;
        rt_t x;
        int i;
        int preferred;
        int runnable;
        int waiting;
        logic stop;
        changed = 1'b0;
        // Splits at their reconvergence point leave the ST (ST slots, then parked splits).
        snapshot = occ_q[cw];
        i = 0;
        while (i < int'(n_st) + int'(parked_n_q[cw])) begin
            if (i < int'(n_st)) begin
                if (snapshot[i] && slot_reached(i)) begin
                    e = get_split(i);
                    free_slot(i);
                    arrive(e, i);
                    changed = 1'b1;
                end
                i++;
            end else if (!reached(parked_q[cw][i - int'(n_st)])) begin
                i++;
            end else begin
                e = parked_q[cw][i - int'(n_st)];
                unpark(i - int'(n_st));
                arrive(e, -1);
                changed = 1'b1;
            end
        end
        // RT entries with no pending thread return to the ST as one split; entries whose pending
        // threads all wait at a barrier send the arrived threads on.
        for (int r = 0; r < int'(n_rt); r++) begin
            x = get_rt(r);
            if (x.recon != '0) begin
                m = SPLIT_EMPTY;
                m.pc = x.pc;
                m.depth = x.depth;
                m.rindex = x.parent;
                // The reunited split takes the slot of a split that fell through to the
                // reconvergence PC if it is still free, else the slot of the last arrival.
                preferred = int'(last_freed_q[cw]);
                if (x.fell_through >= 0 && !occ_q[cw][x.fell_through[4:0]]) begin
                    preferred = int'(x.fell_through);
                    m.sequential = 1'b1;
                end
                if (x.pending == '0) begin
                    m.mask = x.recon;
                    put_rt(r, RT_EMPTY);
                    rt_used_q[cw] = rt_used_q[cw] - 7'd1;
                    reconvergences_q = reconvergences_q + 64'd1;
                end else if ((x.recon & ~x.pending) != '0 &&
                             (x.pending & ~barrier_q[cw]) == '0) begin
                    m.mask = x.recon & ~x.pending;
                    rt_recon_q[cw][r] = x.pending;
                    rt_fell_q[cw][r] = -8'sd1;
                    bypasses_q = bypasses_q + 64'd1;
                end
                if (m.mask != '0) begin
                    next_order_q[cw] = next_order_q[cw] + 32'd1;
                    m.order = next_order_q[cw];  // as the stack's reconvergence entry, on top
                    join_split(m, preferred, 1'b0);
                    changed = 1'b1;
                end
            end
        end
        // Parked splits take free slots in FIFO order (runnable ones first); with no free slot,
        // a split waiting at a barrier lends its slot to a runnable parked split.
        stop = 1'b0;
        for (int guard = 0; guard <= 2 * MAX_WS && !stop && parked_n_q[cw] != '0; guard++) begin
            runnable = -1;
            for (int k = 0; k < int'(parked_n_q[cw]) && runnable < 0; k++)
                if (!parked_q[cw][k].at_barrier) runnable = k;
            if ((st_all & ~occ_q[cw]) != '0) begin
                i = runnable >= 0 ? runnable : 0;
                e = parked_q[cw][i];
                unpark(i);
                place(e, -1);
                changed = 1'b1;
            end else if (runnable < 0) begin
                stop = 1'b1;
            end else begin
                waiting = -1;
                for (int s = 0; s < int'(n_st) && waiting < 0; s++)
                    if (occ_q[cw][s] && st_barrier_q[cw][s]) waiting = s;
                if (waiting < 0) begin
                    stop = 1'b1;
                end else begin
                    e = parked_q[cw][runnable];
                    unpark(runnable);
                    park(get_split(waiting));
                    put_split(waiting, e);
                    changed = 1'b1;
                end
            end
        end
        note_occupancy();
    endtask

    task automatic settle();
        logic changed;
        changed = 1'b1;
        for (int guard = 0; changed; guard++) begin
            if (guard == SETTLE_LIMIT) begin
                error_q = 1'b1;
                changed = 1'b0;
            end else begin
                settle_once(changed);
            end
        end
    endtask

    // ---- Operations.
    task automatic do_start();
        split_t e;
        for (int s = 0; s < MAX_ST; s++) put_split(s, SPLIT_EMPTY);
        for (int r = 0; r < MAX_RT; r++) put_rt(r, RT_EMPTY);
        for (int i = 0; i < MAX_WS; i++) parked_q[cw][i] = SPLIT_EMPTY;
        parked_n_q[cw] = '0;
        occ_q[cw] = '0;
        live_q[cw] = lanes;
        barrier_q[cw] = '0;
        rt_used_q[cw] = '0;
        last_freed_q[cw] = -8'sd1;
        next_order_q[cw] = '0;
        e = SPLIT_EMPTY;
        e.pc = pc_a;
        e.mask = lanes;
        if (lanes != '0) place(e, 0);
        note_occupancy();
    endtask

    // advance, jump, call and the uniform branch: the split moves to `pc`.
    task automatic move(input int s, input logic [31:0] pc, input logic sequential);
        st_pc_q[cw][s] = pc;
        st_seq_q[cw][s] = sequential;
        dirty[s] = 1'b1;
        if (slot_reached(s)) need_settle = 1'b1;
    endtask

    task automatic do_branch(input int s);
        split_t e;
        split_t side;
        rt_t x;
        logic [63:0] t;
        logic [63:0] n;
        logic at_pc;
        logic same_point;
        int r;
        int nr;
        t = lanes & st_mask_q[cw][s];
        n = st_mask_q[cw][s] & ~t;
        if (t == '0 || n == '0) begin
            move(s, t != '0 ? pc_a : pc_b, t == '0);
        end else begin
            e = get_split(s);
            at_pc = pc_c != RECONVERGE_AT_EXIT && pc_c != NO_RECONVERGENCE;
            r = int'(e.rindex);
            same_point = 1'b0;
            if (r >= 0)
                same_point = rt_return_q[cw][r] == !at_pc && rt_rpc_depth_q[cw][r] == e.depth &&
                             (!at_pc || rt_pc_q[cw][r] == pc_c);
            if (!same_point) begin
                alloc_rt(nr);
                if (nr < 0) begin
                    // No free RT entry: the sides reconverge where the parent does.
                    rt_full_q = rt_full_q + 64'd1;
                end else begin
                    x = RT_EMPTY;
                    x.recon = e.mask;
                    x.pending = e.mask;
                    x.at_return = !at_pc;
                    x.pc = at_pc ? pc_c : '0;
                    x.pc_known = at_pc;
                    x.rpc_depth = e.depth;
                    x.depth = e.depth;
                    x.parent = 8'(r);
                    put_rt(nr, x);
                    r = nr;
                end
            end
            // Priorities as on the SIMT stack: the not-taken side, then the taken side, both
            // before the splits that existed already.
            side = e;
            side.pc = pc_a;
            side.mask = t;
            side.rindex = 8'(r);
            side.sequential = 1'b0;
            next_order_q[cw] = next_order_q[cw] + 32'd1;
            side.order = next_order_q[cw];
            // The not-taken side keeps the slot: its instructions are in the slot's buffer.
            e.pc = pc_b;
            e.mask = n;
            e.rindex = 8'(r);
            e.sequential = 1'b1;
            next_order_q[cw] = next_order_q[cw] + 32'd1;
            e.order = next_order_q[cw];
            put_split(s, e);
            if (!reached(e)) splits_created_q = splits_created_q + 64'd1;
            join_split(side, -1, 1'b1);  // already there: an if without else
            need_settle = 1'b1;
        end
    endtask

    task automatic do_indirect(input int s);
        split_t e;
        split_t base;
        split_t sp;
        logic [31:0] first;
        logic [31:0] target;
        logic [63:0] same;
        logic [63:0] rest;
        logic [63:0] group;
        logic [31:0] groups;
        logic [31:0] order;
        logic signed [31:0] depth;
        e = get_split(s);
        depth = e.depth - (is_return ? 32'sd1 : 32'sd0);
        first = target_q[lowest_lane(e.mask)];
        same = '0;
        for (int l = 0; l < MAX_WS; l++)
            if (e.mask[l] && target_q[l] == first) same[l] = 1'b1;
        base = e;
        base.depth = depth;
        base.sequential = 1'b0;
        rest = e.mask & ~same;
        // Priority as on the stack: the lowest lanes' target first, then upwards.
        groups = 32'($countones(e.mask)) + 32'd1;
        order = next_order_q[cw] + groups;
        next_order_q[cw] = next_order_q[cw] + groups;
        e.order = order;
        order = order - 32'd1;
        e.sequential = 1'b0;
        e.pc = first;
        e.mask = same;
        e.depth = depth;
        put_split(s, e);
        // Lanes going elsewhere (a jump table): one split per target, each reconverging where
        // the split does.
        for (int guard = 0; guard < MAX_WS && rest != '0; guard++) begin
            target = target_q[lowest_lane(rest)];
            group = '0;
            for (int l = 0; l < MAX_WS; l++)
                if (rest[l] && target_q[l] == target) group[l] = 1'b1;
            rest = rest & ~group;
            sp = base;
            sp.pc = target;
            sp.mask = group;
            sp.order = order;
            order = order - 32'd1;
            join_split(sp, -1, 1'b1);
        end
        if (slot_reached(s) || base.mask != same) need_settle = 1'b1;
    endtask

    task automatic do_exit(input int s);
        int i;
        live_q[cw] = live_q[cw] & ~lanes;
        barrier_q[cw] = barrier_q[cw] & ~lanes;
        st_mask_q[cw][s] = st_mask_q[cw][s] & ~lanes;
        dirty[s] = 1'b1;
        if (st_mask_q[cw][s] == '0) free_slot(s);
        for (int r = 0; r < int'(n_rt); r++) begin
            if (rt_recon_q[cw][r] != '0) begin
                rt_recon_q[cw][r] = rt_recon_q[cw][r] & ~lanes;
                rt_pending_q[cw][r] = rt_pending_q[cw][r] & ~lanes;
                if (rt_recon_q[cw][r] == '0) begin
                    // Every thread of the entry has exited: it disappears.
                    put_rt(r, RT_EMPTY);
                    rt_used_q[cw] = rt_used_q[cw] - 7'd1;
                end
            end
        end
        i = 0;
        while (i < int'(parked_n_q[cw])) begin
            parked_q[cw][i].mask = parked_q[cw][i].mask & ~lanes;
            if (parked_q[cw][i].mask == '0) unpark(i);
            else i++;
        end
        need_settle = 1'b1;
    endtask

    task automatic do_barrier(input int s);
        st_pc_q[cw][s] = pc_a;
        st_seq_q[cw][s] = 1'b1;
        st_barrier_q[cw][s] = 1'b1;
        dirty[s] = 1'b1;
        barrier_q[cw] = barrier_q[cw] | st_mask_q[cw][s];
        need_settle = 1'b1;
    endtask

    task automatic do_release();
        if (barrier_q[cw] != '0) begin
            barrier_q[cw] = '0;
            for (int s = 0; s < int'(n_st); s++)
                if (occ_q[cw][s]) st_barrier_q[cw][s] = 1'b0;
            for (int i = 0; i < int'(parked_n_q[cw]); i++) parked_q[cw][i].at_barrier = 1'b0;
            need_settle = 1'b1;
        end
    endtask

    // The schedule order: occupied slots by priority, highest first, ties by slot number.
    task automatic sort_schedule();
        int rank;
        for (int s = 0; s < int'(n_st); s++) begin
            if (occ_q[cw][s]) begin
                rank = 0;
                for (int t = 0; t < int'(n_st); t++)
                    if (occ_q[cw][t] && (st_order_q[cw][t] > st_order_q[cw][s] ||
                                         (st_order_q[cw][t] == st_order_q[cw][s] && t < s)))
                        rank++;
                sched_q[cw][rank] = 5'(s);
            end
        end
    endtask

    always_ff @(posedge clk) begin
        int s;
        if (valid) begin
            cw = int'(warp);
            s = int'(slot);
            need_settle = 1'b0;
            dirty = '0;
            reorder = 1'b0;
            if (op != OP_START && op != OP_RELEASE && op != OP_TARGET &&
                (s >= int'(n_st) || !occ_q[cw][s])) begin
                error_q = 1'b1;
            end else begin
                unique case (op)
                    OP_START: do_start();
                    OP_ADVANCE: move(s, pc_a, 1'b1);
                    OP_BRANCH: do_branch(s);
                    OP_JUMP: move(s, pc_a, 1'b0);
                    OP_CALL: begin
                        st_depth_q[cw][s] = st_depth_q[cw][s] + 32'sd1;
                        move(s, pc_a, 1'b0);
                    end
                    OP_INDIRECT: do_indirect(s);
                    OP_EXIT: do_exit(s);
                    OP_BARRIER: do_barrier(s);
                    OP_RELEASE: do_release();
                    OP_TARGET: target_q[tgt_lane] = pc_a;
                    default: error_q = 1'b1;
                endcase
                if (need_settle) settle();
            end
            if (reorder) sort_schedule();
            st_dirty <= dirty & st_all;
            sched_dirty <= reorder;
        end
    end
    /* verilator lint_on BLKSEQ */

    always_ff @(negedge clk) begin
        if (trace_en) begin
            view_st_pc <= st_pc_q[warp];
            view_st_mask <= st_mask_q[warp];
            view_st_depth <= st_depth_q[warp];
            view_st_rindex <= st_rindex_q[warp];
            view_st_barrier <= st_barrier_q[warp];
            view_st_order <= st_order_q[warp];
            view_rt_recon <= rt_recon_q[warp];
            view_rt_pending <= rt_pending_q[warp];
            view_rt_pc <= rt_pc_q[warp];
            view_rt_parent <= rt_parent_q[warp];
            view_parked_n <= parked_n_q[warp];
            view_barrier <= barrier_q[warp];
        end
    end

    initial begin
        for (int w = 0; w < MAX_WARPS; w++) begin
            cw = w;
            for (int k = 0; k < MAX_ST; k++) begin
                put_split(k, SPLIT_EMPTY);
                sched_q[w][k] = '0;
            end
            for (int k = 0; k < MAX_RT; k++) put_rt(k, RT_EMPTY);
            for (int k = 0; k < MAX_WS; k++) parked_q[w][k] = SPLIT_EMPTY;
            parked_n_q[w] = '0;
            occ_q[w] = '0;
            live_q[w] = '0;
            barrier_q[w] = '0;
            st_used_q[w] = '0;
            rt_used_q[w] = '0;
            last_freed_q[w] = -8'sd1;
            next_order_q[w] = '0;
        end
        for (int l = 0; l < MAX_WS; l++) target_q[l] = '0;
        splits_created_q = '0;
        reconvergences_q = '0;
        st_full_q = '0;
        rt_full_q = '0;
        bypasses_q = '0;
        max_st_q = '0;
        max_rt_q = '0;
        error_q = 1'b0;
        st_dirty = '0;
        sched_dirty = 1'b0;
        cw = 0;
        need_settle = 1'b0;
        dirty = '0;
        reorder = 1'b0;
    end
endmodule
