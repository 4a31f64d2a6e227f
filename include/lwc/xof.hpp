// SPDX-License-Identifier: MIT
// The XOF concept (extendable output: any number of output bytes), the buffering every
// sponge XOF shares, and the one-shot helper. The shape is hashlib's SHAKE and pyca's
// XOFHash: update() any number of times, then squeeze() any number of times, any
// lengths; the squeezed bytes are one stream (two squeezes of a and b bytes give what
// one squeeze of a + b bytes gives).
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "detail/bytes.hpp"
#include "hash.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

template <class X>
concept Xof = std::copyable<X> && std::default_initializable<X> &&
              requires(X x, std::span<const std::uint8_t> msg, std::span<std::uint8_t> out) {
    { X::name } -> std::convertible_to<std::string_view>;
    { X::block_size } -> std::convertible_to<std::size_t>;
    { X::backend } -> std::convertible_to<std::string_view>;
    x.update(msg);
    x.squeeze(out);
    x.reset();
    { x.squeezing() } -> std::same_as<bool>;
};

namespace detail {

// An XOF core is a sponge core (hash.hpp) that also provides
//   static constexpr std::size_t squeeze_rate;
//   void absorb_last(std::span<const u8> last);   last: 0..rate bytes; ends absorbing
//   void squeeze_block(u8* out, bool first);      the next squeeze_rate bytes of output
template <class Core>
concept sponge_xof_core = sponge_core<Core> && std::default_initializable<Core> &&
    requires(Core c, u8* out, bool first, std::span<const u8> last) {
        { Core::squeeze_rate } -> std::convertible_to<std::size_t>;
        c.absorb_last(last);
        c.squeeze_block(out, first);
    };

// Incremental XOF on an XOF core. update() after the first squeeze() is refused: the
// output so far would not cover it.
template <sponge_xof_core Core>
class buffered_xof {
public:
    static constexpr std::size_t block_size = Core::rate;
    static constexpr std::string_view backend = Core::backend;  // the code path
    static constexpr std::size_t wipe_depth = wipe_depth_of<Core>();  // bytes.hpp

    buffered_xof() = default;
    // Starts from a core set up by the scheme (e.g. with a customization string).
    explicit buffered_xof(const Core& core) noexcept : initial_(core), in_(core) {}
    buffered_xof(const buffered_xof&) = default;
    buffered_xof& operator=(const buffered_xof&) = default;
    ~buffered_xof() { secure_zero(*this); }

    // Returns false, and absorbs nothing, once squeeze() has been called.
    bool update(std::span<const u8> in) noexcept {
        if (squeezing_) return false;
        const bool absorbs = in_.absorbs(in.size());
        in_.append(in);
        if (absorbs) wipe_stack<wipe_depth>();
        return true;
    }

    void squeeze(std::span<u8> out) noexcept {
        squeeze_into(out.data(), out.size());
        wipe_stack<wipe_depth>();
    }

    bool squeezing() const noexcept { return squeezing_; }

    // The output for a whole message straight from the input, as buffered_hash::digest:
    // the blocks but the last absorbed in place, then the last; no buffer, no copy of
    // the state. What lwc::xof() uses when the core starts without arguments.
    static void oneshot(std::span<const u8> msg, std::span<u8> out) noexcept
        requires std::default_initializable<Core>
    {
        oneshot_into(msg, out.data(), out.size());
        wipe_stack<wipe_depth>();
    }
    // Back to the state after construction (the customization string, if any, kept).
    void reset() noexcept { *this = buffered_xof(initial_); }

private:
    static constexpr std::size_t out_rate = Core::squeeze_rate;

    LWC_NOINLINE void squeeze_into(u8* out, std::size_t n) noexcept {
        Core& core = in_.core();
        if (!squeezing_) {
            core.absorb_last(in_.pending());
            squeezing_ = true;
        }
        while (n > 0) {
            if (left_ == 0) {
                if (n >= out_rate) {  // whole blocks straight to the output
                    core.squeeze_block(out, !started_);
                    started_ = true;
                    out += out_rate;
                    n -= out_rate;
                    continue;
                }
                core.squeeze_block(block_.data(), !started_);
                started_ = true;
                left_ = out_rate;
            }
            const std::size_t take = std::min(n, left_);
            copy_bytes(out, block_.data() + (out_rate - left_), take);
            left_ -= take;
            out += take;
            n -= take;
        }
    }

    LWC_NOINLINE static void oneshot_into(std::span<const u8> msg, u8* out,
                                          std::size_t n) noexcept {
        Core core;
        start(core);
        const std::size_t blocks = msg.empty() ? 0 : (msg.size() - 1) / Core::rate;
        core.absorb_blocks(msg.data(), blocks);
        core.absorb_last(msg.subspan(blocks * Core::rate));
        u8 block[out_rate];
        for (bool first = true; n > 0; first = false) {
            const std::size_t take = std::min(n, out_rate);
#if LWC_SMALL
            core.squeeze_block(block, first);  // one path for size
            copy_bytes(out, block, take);
#else
            if (take == out_rate) {  // a whole block straight to out
                core.squeeze_block(out, first);
            } else {
                core.squeeze_block(block, first);
                copy_bytes(out, block, take);
            }
#endif
            out += take;
            n -= take;
        }
        secure_zero(block, sizeof block);
        secure_zero(core);
    }

    Core initial_{};
    block_buffer<Core> in_{};
    std::array<u8, out_rate> block_{};  // the squeezed block being handed out
    std::size_t left_ = 0;              // its bytes not yet handed out
    bool squeezing_ = false, started_ = false;
};

}  // namespace detail

// One-shot: out.size() bytes of output for a message.
template <Xof X>
void xof(std::span<const std::uint8_t> msg, std::span<std::uint8_t> out) {
    if constexpr (requires { X::oneshot(msg, out); }) {
        X::oneshot(msg, out);
    } else {
        X x;
        x.update(msg);
        x.squeeze(out);
    }
}

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
