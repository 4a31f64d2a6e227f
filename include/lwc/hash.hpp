// SPDX-License-Identifier: MIT
// The Hash concept every hash satisfies, the buffering every sponge hash shares,
// and the one-shot helper.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <string_view>
#include <type_traits>

#include "detail/bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

template <class H>
concept Hash = std::copyable<H> && std::default_initializable<H> &&
               requires(H h, const H ch, std::span<const std::uint8_t> msg) {
    { H::name } -> std::convertible_to<std::string_view>;
    { H::digest_size } -> std::convertible_to<std::size_t>;
    { H::block_size } -> std::convertible_to<std::size_t>;
    { H::backend } -> std::convertible_to<std::string_view>;  // "portable", "avx512", ...
    h.update(msg);
    { ch.finalize() } -> std::same_as<std::array<std::uint8_t, H::digest_size>>;
    h.reset();
};

namespace detail {

// What every sponge core provides to the buffering below (the same step names in every
// family):
//   static constexpr std::size_t rate;
//   static constexpr std::string_view backend;                the permutation backend
//   void absorb_block(const u8* block);                       a full block, not the last
//   void absorb_blocks(const u8* blocks, std::size_t count);  count full blocks
template <class Core>
concept sponge_core = std::copyable<Core> && requires(Core c, const u8* in, std::size_t n) {
    { Core::rate } -> std::convertible_to<std::size_t>;
    { Core::backend } -> std::convertible_to<std::string_view>;
    c.absorb_block(in);
    c.absorb_blocks(in, n);
};

// A hash core also provides
//   static constexpr std::size_t digest_size;
//   void finalize(std::span<const u8> last, u8* digest);      last: 0..rate bytes
template <class Core>
concept sponge_hash_core = sponge_core<Core> && std::default_initializable<Core> &&
    requires(Core c, u8* out, std::span<const u8> last) {
        { Core::digest_size } -> std::convertible_to<std::size_t>;
        c.finalize(last, out);
    };

// A default-constructed core made ready to absorb: its own initializers set its state
// (Ascon's starts from an IV); one with none (trivially default constructible, as
// esch_core: all zero is its start) is zeroed with secure_zero, where value-initialising
// it is a memset call in a build for size (162 bytes of newlib on Cortex-M).
template <class Core>
void start(Core& core) noexcept {
    if constexpr (std::is_trivially_default_constructible_v<Core>) secure_zero(core);
}

// Buffers input for a sponge core that absorbs whole blocks. A full block is held back
// until more input arrives, because the last block (full or not) is padded or
// domain-separated differently by every scheme: pending() is it.
template <sponge_core Core>
class block_buffer {
public:
    static constexpr std::size_t block_size = Core::rate;

    // Core and buffer zeroed by secure_zero's loop (see start()), not value-initialised.
    block_buffer() noexcept {
        start(core_);
        secure_zero(buf_);
        used_ = 0;
    }
    explicit block_buffer(const Core& core) noexcept : core_(core), buf_{}, used_(0) {}

    // Whether adding n bytes runs the permutation (else it only buffers).
    bool absorbs(std::size_t n) const noexcept { return used_ + n > block_size; }

    LWC_NOINLINE void append(std::span<const u8> in) noexcept {
        const u8* p = in.data();
        std::size_t n = in.size();
        if (n == 0) return;
        if (used_ > 0 || n <= block_size) {
            if (used_ == block_size) {
                core_.absorb_block(buf_.data());
                used_ = 0;
            }
            const std::size_t take = std::min(n, block_size - used_);
            copy_bytes(buf_.data() + used_, p, take);
            used_ += take;
            p += take;
            n -= take;
            if (n == 0) return;
            core_.absorb_block(buf_.data());
            used_ = 0;
        }
        // Whole blocks straight from the input, keeping at least one byte back.
        const std::size_t blocks = (n - 1) / block_size;
        core_.absorb_blocks(p, blocks);
        p += blocks * block_size;
        n -= blocks * block_size;
        copy_bytes(buf_.data(), p, n);
        used_ = n;
    }

    std::span<const u8> pending() const noexcept { return {buf_.data(), used_}; }
    Core& core() noexcept { return core_; }
    const Core& core() const noexcept { return core_; }

private:
    Core core_;
    std::array<u8, block_size> buf_;
    std::size_t used_;
};

// Incremental hashing on a hash core. finalize() works on a copy, so an object can be
// finalized and updated further.
template <sponge_hash_core Core>
class buffered_hash {
public:
    static constexpr std::size_t digest_size = Core::digest_size;
    static constexpr std::size_t block_size = Core::rate;
    static constexpr std::string_view backend = Core::backend;  // the code path
    static constexpr std::size_t wipe_depth = wipe_depth_of<Core>();  // bytes.hpp

    buffered_hash() = default;
    buffered_hash(const buffered_hash&) = default;
    buffered_hash& operator=(const buffered_hash&) = default;
    ~buffered_hash() { secure_zero(*this); }

    void update(std::span<const u8> in) noexcept {
        const bool absorbs = in_.absorbs(in.size());
        in_.append(in);
        if (absorbs) wipe_stack<wipe_depth>();
    }

    void finalize(std::span<u8, digest_size> out) const noexcept {
        finish(out.data());
        wipe_stack<wipe_depth>();
    }

    [[nodiscard]] std::array<u8, digest_size> finalize() const noexcept {
        std::array<u8, digest_size> d;
        finalize(d);
        return d;
    }

    void reset() noexcept { *this = buffered_hash(); }

    // The digest of a whole message straight from the input: the blocks but the last
    // (1..rate bytes, as the buffer would hold back) absorbed in place, then the last.
    // No buffer and no copy of the state: what lwc::hash() uses.
    static void digest(std::span<const u8> msg, u8* out) noexcept {
        oneshot(msg, out);
        wipe_stack<wipe_depth>();
    }

private:
    // Out of line, as append() is: what the permutation leaves on the stack (copies of
    // the state, spilled registers) lies below the caller's frame, where wipe_stack()
    // clears it.
    LWC_NOINLINE void finish(u8* out) const noexcept {
#if LWC_SMALL
        // The copy byte by byte into storage that holds a Core (trivially copyable):
        // a copy of the object itself is a memcpy call (308 bytes of newlib on Cortex-M).
        alignas(Core) u8 raw[sizeof(Core)];
        copy_bytes(raw, reinterpret_cast<const u8*>(&in_.core()), sizeof raw);
        Core& core = *std::launder(reinterpret_cast<Core*>(raw));
#else
        Core core = in_.core();
#endif
        core.finalize(in_.pending(), out);
        secure_zero(core);
    }

    // Its one caller, digest(), wipes the stack below its frame, where this frame lies:
    // a secure_zero of the state would only add a memset call where the state is in
    // memory (a permutation called with its address: 51 instructions of a 64-byte
    // Ascon-Hash256 on Cortex-M4), and keep it in memory where it could be in registers.
    LWC_NOINLINE static void oneshot(std::span<const u8> msg, u8* out) noexcept {
        Core core;
        start(core);
        const std::size_t blocks = msg.empty() ? 0 : (msg.size() - 1) / block_size;
        core.absorb_blocks(msg.data(), blocks);
        core.finalize(msg.subspan(blocks * block_size), out);
        if constexpr (stack_wipe_size == 0) secure_zero(core);
    }

    block_buffer<Core> in_{};
};

}  // namespace detail

// One-shot hash of a message.
template <Hash H>
std::array<std::uint8_t, H::digest_size> hash(std::span<const std::uint8_t> msg) {
    std::array<std::uint8_t, H::digest_size> d;
    if constexpr (requires { H::digest(msg, d.data()); }) {
        H::digest(msg, d.data());
    } else {
        H h;
        h.update(msg);
        h.finalize(d);
    }
    return d;
}

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
