// SPDX-License-Identifier: MIT
// Incremental hashing with arbitrary splits against one-shot hashing, for every compiled
// path of every hash. Input: scheme byte | split count (low 4 bits) | that many 2-byte
// split lengths | message. Also checks that finalize() does not consume (a mid-stream
// digest equals the digest of the prefix, and the stream goes on), that a copy taken
// mid-stream continues independently, and that reset() starts afresh.
#include "fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace lwc::fuzz;
    reader r(data, size);
    const u8 scheme = r.byte();
    std::vector<std::size_t> splits(r.byte() & 15);
    for (auto& s : splits) s = r.u16();
    const auto msg = r.rest();

    with_scheme<all_hashes>(scheme, [&](auto s) {
        using H = typename decltype(s)::type;
        const auto expected = lwc::hash<H>(msg);
        H h, copy;
        std::size_t pos = 0, copied_at = 0;
        for (std::size_t i = 0; i < splits.size(); ++i) {
            const std::size_t step = std::min(splits[i], msg.size() - pos);
            h.update(msg.subspan(pos, step));
            pos += step;
            if (i == splits.size() / 2) {
                require(h.finalize() == lwc::hash<H>(msg.first(pos)));
                copy = h;
                copied_at = pos;
            }
        }
        h.update(msg.subspan(pos));
        require(h.finalize() == expected);
        copy.update(msg.subspan(copied_at));
        require(copy.finalize() == expected);
        h.reset();
        require(h.finalize() == lwc::hash<H>({}));
    });
    return 0;
}
