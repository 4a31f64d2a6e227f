#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints the instruction order of include/lwc/detail/ascon_x86_64.hpp's round.

One Ascon-p round (SP 800-232: p_S bitsliced, p_L, the constant with the deferred NOT of
x2) as 37 x86-64 operations: XOR, ANDN (BMI1) and RORX (BMI2). They are list-scheduled for
a core with four integer ALUs of which two rotate (AMD Zen 2-4; Intel since Haswell runs
rotations on two ports too), one cycle each, the operation with the longest path to the
round's end first; registers are then given in that order, the in-place XORs taking a
dying operand's register, so that the round needs the five lanes and six temporaries and
no move. On AMD Zen 4 the order ran the hash 11% faster than gcc's and clang's schedules
of the same operations (bench/results/2026-11-29-zen4-ascon-x86.md).

Usage: tools/ascon_x86_schedule.py  (prints the asm lines and where each lane ends)
"""
import collections

ROTATIONS = [(19, 28), (61, 39), (1, 6), (10, 17), (7, 41)]


def round_ops():
    """The round's operations in SSA form: (value, kind, sources, immediate)."""
    ops = []

    def op(kind, srcs, imm=None):
        ops.append((f"v{len(ops)}", kind, srcs, imm))
        return ops[-1][0]

    x = ["x0", "x1", "x2", "x3", "x4"]
    a0, a4, a2 = op("xor", [x[0], x[4]]), op("xor", [x[4], x[3]]), op("xor", [x[2], x[1]])
    t = [op("andn", [a0, x[1]]), op("andn", [x[1], a2]), op("andn", [a2, x[3]]),
         op("andn", [x[3], a4]), op("andn", [a4, a0])]  # andn(a, b) = ~a & b
    b = [op("xor", [a0, t[1]]), op("xor", [x[1], t[2]]), op("xor", [a2, t[3]]),
         op("xor", [x[3], t[4]]), op("xor", [a4, t[0]])]
    c = [op("xor", [b[0], b[4]]), op("xor", [b[1], b[0]]), b[2], op("xor", [b[3], b[2]]), b[4]]
    out = []
    for i, (p, q) in enumerate(ROTATIONS):
        r1, r2 = op("rorx", [c[i]], p), op("rorx", [c[i]], q)
        if i == 2:  # x2 ^ k ^ (r1 ^ r2): k is the NOT of x2 and the next round's constant
            both = op("xor", [r1, r2])
            out.append(op("xor", [op("xork", [c[i]]), both]))
        else:
            out.append(op("xor", [op("xor", [c[i], r1]), r2]))
    return ops, out


def schedule(ops, alus=4, rotating=2):
    """List scheduling, longest path to the end first; returns the operations' order."""
    producer = {v: i for i, (v, *_) in enumerate(ops)}
    users = collections.defaultdict(list)
    for i, (_, _, srcs, _) in enumerate(ops):
        for s in srcs:
            if s in producer:
                users[producer[s]].append(i)
    height = [0] * len(ops)
    for i in reversed(range(len(ops))):
        height[i] = 1 + max((height[j] for j in users[i]), default=0)
    done_at, order, cycle = {}, [], 0
    while len(order) < len(ops):
        ready = sorted((i for i in range(len(ops)) if i not in done_at and all(
            s not in producer or done_at.get(producer[s], cycle + 1) <= cycle
            for s in ops[i][2])), key=lambda i: (-height[i], i))
        issued = rotations = 0
        for i in ready:
            if issued == alus:
                break
            if ops[i][1] == "rorx":
                if rotations == rotating:
                    continue
                rotations += 1
            issued += 1
            order.append(i)
            done_at[i] = cycle + 1
        cycle += 1
    return order


def allocate(ops, order, out, temps=6):
    """Registers x0..x4 and t0..t5 for every value, in the schedule's order; asm lines."""
    last = {}
    for pos, i in enumerate(order):
        for s in ops[i][2]:
            last[s] = pos
    for v in out:
        last[v] = len(order)
    where = {f"x{j}": f"x{j}" for j in range(5)}
    free = [f"t{j}" for j in range(temps)]
    lines = []
    for pos, i in enumerate(order):
        v, kind, srcs, imm = ops[i]
        dying = [s for s in dict.fromkeys(srcs) if last[s] == pos]
        if kind in ("xor", "xork"):
            a, b = (srcs + [None])[:2]
            if a not in dying:
                a, b = b, a
            assert a in dying, "an XOR without a dying operand would need a move"
            reg = where[a]
            lines.append(f"xor %[{'k' if kind == 'xork' else where[b]}], %[{reg}]")
            free += [where[s] for s in dying if where[s] != reg]
        else:
            free += [where[s] for s in dying]
            reg = free.pop(0)
            src = f"%[{where[srcs[1]]}], %[{where[srcs[0]]}]" if kind == "andn" else \
                f"${imm}, %[{where[srcs[0]]}]"
            lines.append(f"{kind} {src}, %[{reg}]")
        where[v] = reg
    return lines, [where[v] for v in out]


if __name__ == "__main__":
    ops, out = round_ops()
    lines, lanes = allocate(ops, schedule(ops), out)
    for line in lines:
        print(f'"{line}\\n"')
    print("lanes x0..x4 end in", ", ".join(lanes))
