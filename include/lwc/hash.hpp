// The Hash concept every hash satisfies, the buffering every sponge hash shares,
// and the one-shot helper.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "detail/bytes.hpp"

namespace lwc::inline LWC_ISA_NS {

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

// What a sponge hash core provides to buffered_hash (the same step names in every
// family):
//   static constexpr std::size_t rate, digest_size;
//   static constexpr std::string_view backend;                the permutation backend
//   void absorb_block(const u8* block);                       a full block, not the last
//   void absorb_blocks(const u8* blocks, std::size_t count);  count full blocks
//   void finalize(std::span<const u8> last, u8* digest);      last: 0..rate bytes
template <class Core>
concept sponge_hash_core = std::copyable<Core> && std::default_initializable<Core> &&
    requires(Core c, const u8* in, u8* out, std::size_t n, std::span<const u8> last) {
        { Core::rate } -> std::convertible_to<std::size_t>;
        { Core::digest_size } -> std::convertible_to<std::size_t>;
        { Core::backend } -> std::convertible_to<std::string_view>;
        c.absorb_block(in);
        c.absorb_blocks(in, n);
        c.finalize(last, out);
    };

// Incremental hashing on top of a hash core that absorbs whole blocks.
// A full block is held back until more input arrives, because the last block
// (full or not) is padded or domain-separated differently by every scheme.
// finalize() works on a copy, so an object can be finalized and updated further.
template <sponge_hash_core Core>
class buffered_hash {
public:
    static constexpr std::size_t digest_size = Core::digest_size;
    static constexpr std::size_t block_size = Core::rate;
    static constexpr std::string_view backend = Core::backend;  // the code path

    buffered_hash() = default;
    buffered_hash(const buffered_hash&) = default;
    buffered_hash& operator=(const buffered_hash&) = default;
    ~buffered_hash() { secure_zero(*this); }

    void update(std::span<const u8> in) noexcept {
        const bool absorbs = used_ + in.size() > block_size;  // else it only buffers
        append(in);
        if (absorbs) wipe_stack();
    }

    void finalize(std::span<u8, digest_size> out) const noexcept {
        finish(out.data());
        wipe_stack();
    }

    [[nodiscard]] std::array<u8, digest_size> finalize() const noexcept {
        std::array<u8, digest_size> d;
        finalize(d);
        return d;
    }

    void reset() noexcept { *this = buffered_hash(); }

private:
    // The two functions that run the permutation are out of line, so that what they
    // leave on the stack (copies of the state, spilled registers) lies below the caller's
    // frame, where wipe_stack() clears it.
    LWC_NOINLINE void finish(u8* out) const noexcept {
        Core core = core_;
        core.finalize(std::span<const u8>(buf_.data(), used_), out);
        secure_zero(core);
    }

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
            std::copy_n(p, take, buf_.data() + used_);
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
        std::copy_n(p, n, buf_.data());
        used_ = n;
    }

    Core core_{};
    std::array<u8, block_size> buf_{};
    std::size_t used_ = 0;
};

}  // namespace detail

// One-shot hash of a message.
template <Hash H>
std::array<std::uint8_t, H::digest_size> hash(std::span<const std::uint8_t> msg) {
    H h;
    h.update(msg);
    return h.finalize();
}

}  // namespace lwc
