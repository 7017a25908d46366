// The SP's scoreboard (modules/sp/scoreboard.h): per warp, a reservation table of SLOTS entries,
// each a destination register, the lanes that write it and the cycle from which the result is
// forwardable. IS reserves the destination of every issued instruction (the lowest free slot),
// EX sets the ready cycle, WB releases the slot; the hazard check of IS is combinational.
//
// Interface: one operation per clock edge while cmd.valid is high (op, warp and the operands
// below); the queries are combinational on (warp, lanes, cycle) and cover all NUM_REGS
// registers at once, so IS checks every operand of an instruction with one look-up. The pins
// are packed into a command and a status bus (fields listed at the ports) because a Verilated
// SystemC model reads every input port and writes every output port it drives at each
// evaluation: fewer ports, faster co-simulation.
//   OP_RESERVE    reg, lanes       takes the lowest free slot; `handle` shows it after the edge
//   OP_SET_READY  handle, cycle    the reservation is forwardable from `cycle`
//   OP_RELEASE    handle           frees the slot
//   OP_CLEAR      -                frees every slot of the warp (a warp starts; reset)
// Queries, for the addressed warp:
//   (with cmd.query high)
//   ready_vec[r]    no reservation of register r on any of `lanes` that is not forwardable at
//                   `cycle` (the RAW check of a source, the WAW check of a destination)
//   pending_vec[r]  a reservation of register r on one of `lanes` exists (not written back)
//   has_room        a free slot;  count  slots in use
// `handle` (registered) is the slot the last OP_RESERVE took; full_error (sticky) an OP_RESERVE
// on a full table.
//
// With `trace_en` high the addressed warp's table after the operation is copied into view_* at
// the falling edge, for the waveform of a lockstep report; the simulation leaves it low.
//
// MVP_RTL_INJECT_BUG (a test build only, tb/rtl): from cycle 2000 on, OP_SET_READY stores a
// ready cycle 4 cycles late, so that lockstep has a wrong value to find.
module mvp_scoreboard #(
    parameter int MAX_WARPS = 64,
    parameter int SLOTS = 64,
    parameter int NUM_REGS = 16,
    localparam int WW = $clog2(MAX_WARPS),
    localparam int SW = $clog2(SLOTS),
    localparam int RW = $clog2(NUM_REGS)
) (
    input  logic                  clk,
    // {trace_en, query, valid, op[2:0], handle_in, reg_num, warp}
    input  logic [WW+RW+SW+5:0]   cmd,
    input  logic [63:0]           lanes,
    input  logic [63:0]           cycle,
    // {full_error, has_room, count, handle, pending_vec, ready_vec}
    output logic [2*NUM_REGS+2*SW+2:0] status
);
    localparam logic [2:0] OP_RESERVE = 3'd1;
    localparam logic [2:0] OP_SET_READY = 3'd2;
    localparam logic [2:0] OP_RELEASE = 3'd3;
    localparam logic [2:0] OP_CLEAR = 3'd4;
    localparam logic [63:0] NOT_READY = '1;

    logic trace_en, query, valid, full_error, has_room;
    logic [2:0] op;
    logic [SW-1:0] handle_in, handle;
    logic [RW-1:0] reg_num;
    logic [WW-1:0] warp;
    logic [SW:0] count;
    logic [NUM_REGS-1:0] ready_vec, pending_vec;
    assign {trace_en, query, valid, op, handle_in, reg_num, warp} = cmd;
    assign status = {full_error, has_room, count, handle, pending_vec, ready_vec};

    logic [SLOTS-1:0] used_q[MAX_WARPS];
    logic [RW-1:0] reg_q[MAX_WARPS][SLOTS];
    logic [63:0] lanes_q[MAX_WARPS][SLOTS];
    logic [63:0] ready_q[MAX_WARPS][SLOTS];

    // The addressed warp's table after the operation (trace_en only; read by the waveform).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [SLOTS-1:0] view_used;
    logic [RW-1:0] view_reg[SLOTS];
    logic [63:0] view_lanes[SLOTS];
    logic [63:0] view_ready[SLOTS];
    /* verilator lint_on UNUSEDSIGNAL */

    // Hazard check of every register for (warp, lanes, cycle), while `query` is high (the
    // look-up is enabled for queries only; during an update its outputs read 0).
    // The loop ends after the highest slot in use (slots are taken lowest first).
    always_comb begin
        logic [SLOTS-1:0] left;
        ready_vec = '0;
        pending_vec = '0;
        left = used_q[warp];
        if (query) begin
            ready_vec = '1;
            for (int s = 0; s < SLOTS && left != '0; s++) begin
                if (left[s]) begin
                    left[s] = 1'b0;
                    if ((lanes_q[warp][s] & lanes) != 0) begin
                        pending_vec[reg_q[warp][s]] = 1'b1;
                        if (ready_q[warp][s] > cycle) ready_vec[reg_q[warp][s]] = 1'b0;
                    end
                end
            end
        end
        has_room = ~&used_q[warp];
        count = (SW + 1)'($countones(used_q[warp]));
    end

    // The lowest free slot of the addressed warp.
    function automatic logic [SW-1:0] lowest_free(input logic [SLOTS-1:0] used);
        for (int s = 0; s < SLOTS; s++)
            if (!used[s]) return SW'(s);
        return '0;
    endfunction

    always_ff @(posedge clk) begin
        logic [SW-1:0] free_slot;
        if (valid) begin
            unique case (op)
                OP_RESERVE: begin
                    free_slot = lowest_free(used_q[warp]);
                    if (&used_q[warp]) begin
                        full_error <= 1'b1;
                    end else begin
                        handle <= free_slot;
                        used_q[warp][free_slot] <= 1'b1;
                        reg_q[warp][free_slot] <= reg_num;
                        lanes_q[warp][free_slot] <= lanes;
                        ready_q[warp][free_slot] <= NOT_READY;
                    end
                end
                OP_SET_READY: begin
`ifdef MVP_RTL_INJECT_BUG
                    ready_q[warp][handle_in] <= cycle >= 64'd2000 ? cycle + 64'd4 : cycle;
`else
                    ready_q[warp][handle_in] <= cycle;
`endif
                end
                OP_RELEASE: used_q[warp][handle_in] <= 1'b0;
                // The valid bits alone: a slot's fields are written when it is reserved.
                OP_CLEAR: used_q[warp] <= '0;
                default: ;
            endcase
        end
    end

    always_ff @(negedge clk) begin
        if (trace_en) begin
            view_used <= used_q[warp];
            view_reg <= reg_q[warp];
            view_lanes <= lanes_q[warp];
            view_ready <= ready_q[warp];
        end
    end

    initial begin
        full_error = 1'b0;
        handle = '0;
        for (int w = 0; w < MAX_WARPS; w++) begin
            used_q[w] = '0;
            for (int s = 0; s < SLOTS; s++) begin
                reg_q[w][s] = '0;
                lanes_q[w][s] = '0;
                ready_q[w][s] = NOT_READY;
            end
        end
    end
endmodule
