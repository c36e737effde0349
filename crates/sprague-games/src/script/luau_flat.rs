//! The fast way a Luau script's options come back to Rust: flattened inside Luau into one
//! byte buffer, read with one copy.
//!
//! Each value read from a Luau table through the API costs a lock and a stack round trip;
//! a position with a few hundred options made of pairs costs thousands of them, which made
//! a script several times slower than the same brute force in CPython. Here a function
//! compiled once in the script's state calls `options(pos)`, runs `components` on every
//! option, and writes the whole result as a token stream into a reusable `buffer`:
//!
//! | token | bytes | meaning |
//! |---|---|---|
//! | `0` | tag, f64 | a number (Rust checks that it is an exact integer) |
//! | `1` | tag, u32 | a string, by its index in the strings table returned beside |
//! | `2` | tag, u32 | an array of that many positions, which follow |
//! | `4` | tag | no components for this option (`components` returned nothing) |
//! | `5` | tag, u32 | an option whose components all have recorded values: their XOR |
//!
//! The stream is the options in order, each either a token `5` or the option followed by
//! its components (an array) or by token `4`. The values of heaps and pairs that Rust
//! records ([`super::engine::Engine::record_value`]) sit in two buffers that the
//! function reads, so that a table, computed bottom-up, hands over only a value for each
//! option: the script's own work is left, and none of the copying. Anything the stream cannot say exactly (a value that is not a position,
//! a table with other keys, nesting beyond [`MAX_DEPTH`]) makes the function return
//! nothing, and the caller asks again the slow way, whose messages name what is wrong.
//! Both ways give the same positions; a test compares them.

use super::engine::{split, Expanded};
use super::position::MAX_DEPTH;
use super::ScriptPosition;
use rustc_hash::FxHashMap;

/// Run before the script: wraps `setmetatable` so that the flattening knows whether any
/// table may have one, and returns the function that says so. (The script is compiled
/// with `setmetatable` a mutable global, so that its calls reach the wrapper rather than
/// the built-in fast path.)
pub(super) const METATABLES: &str = r#"
local set = setmetatable
local used = false
setmetatable = function(t, mt)
    used = true
    return set(t, mt)
end
return function() return used end
"#;

/// The flattening: `(options, components, max_depth, metatables)` in (the last a function
/// that says whether the script has set a metatable, [`METATABLES`]), two functions out. The first
/// takes a position and returns `(length, buffer, strings)` or nothing; the second,
/// `share(heaps, side)`, makes room for recorded values and returns
/// `(heap values, heaps, pair values, side)`.
pub(super) const FLATTEN: &str = r#"
local options, components, MAXD, metatables = ...
local create, copy, fill = buffer.create, buffer.copy, buffer.fill
local writeu8, writeu32, writef64 = buffer.writeu8, buffer.writeu32, buffer.writef64
local readu32, bxor = buffer.readu32, bit32.bxor
local rawlen, rawget, next, type = rawlen, rawget, next, type
local buf, cap, at = create(4096), 4096, 0
local strings, nstrings = {}, 0
local bad = false
-- Values recorded by Rust: heaps 0..heaps-1, pairs {a, b} with a, b < side at a*side+b.
local UNKNOWN = 0xFFFFFFFF
local heapv, heaps = create(0), 0
local pairv, side = create(0), 0

local function room(need)
    if at + need > cap then
        local bigger = cap * 2
        while at + need > bigger do bigger *= 2 end
        local b = create(bigger)
        copy(b, 0, buf, 0, at)
        buf, cap = b, bigger
    end
end

local function put(v, depth)
    local t = type(v)
    if t == "number" then
        room(9); writeu8(buf, at, 0); writef64(buf, at + 1, v); at += 9
    elseif t == "string" then
        nstrings += 1; strings[nstrings] = v
        room(5); writeu8(buf, at, 1); writeu32(buf, at + 1, nstrings); at += 5
    elseif t == "table" and depth < MAXD then
        local n = rawlen(v)
        if n == 0 and next(v) ~= nil then bad = true; return end
        -- Numbers, the usual items, are written here rather than by a call each.
        room(5 + 9 * n); writeu8(buf, at, 2); writeu32(buf, at + 1, n); at += 5
        for i = 1, n do
            local x = rawget(v, i)
            if type(x) == "number" then
                writeu8(buf, at, 0); writef64(buf, at + 1, x); at += 9
            else
                put(x, depth + 1)
                if bad then return end
                room(9 * (n - i))
            end
        end
    else
        bad = true
    end
end

-- The values of options 1..n of `opts`: the XOR of the recorded values of each option's
-- components (the option itself when `components` gives nothing), or false where one is
-- not recorded. With `mex` false they go into `xs`, and what `components` gave into `cs`
-- (false for nothing), for the flattening; with `mex` true (a run worked out here) each
-- is marked in `seen` under `stamp`, and the call returns false at the first one not
-- recorded. Read with plain indexing and `#`, which cost a fraction of a call of `rawget`
-- and `rawlen` and read the same while the script has set no metatable (the callers check
-- that after the call). One call a position: the lookup, which runs for every part of
-- every option, is written out here.
local xs, cs = {}, {}
local seen, seencap, stamp = create(256), 64, 0
local function values(opts, n, mex)
    for i = 1, n do
        local o = opts[i]
        local c = if components ~= nil then components(o) else nil
        if c == nil then c = false end
        local x = false
        local count, single = 1, true
        if c ~= false then
            single = false
            count = if type(c) == "table" then #c else 0
        end
        if count > 0 then
            x = 0
            for k = 1, count do
                local p = if single then o else c[k]
                local v = UNKNOWN
                if type(p) == "number" then
                    if p >= 0 and p < heaps and p % 1 == 0 then v = readu32(heapv, p * 4) end
                elseif type(p) == "table" and side > 0 and #p == 2 then
                    local a, b = p[1], p[2]
                    if type(a) == "number" and type(b) == "number" and a >= 0 and b >= 0
                        and a < side and b < side and a % 1 == 0 and b % 1 == 0 then
                        v = readu32(pairv, (a * side + b) * 4)
                    end
                end
                if v == UNKNOWN then x = false; break end
                x = bxor(x, v)
            end
        end
        if mex then
            if x == false then return false end
            if x < seencap then writeu32(seen, x * 4, stamp) end
        else
            xs[i], cs[i] = x, c
        end
    end
    return true
end

local function flatten(pos)
    at, bad = 0, false
    if nstrings > 0 then table.clear(strings); nstrings = 0 end
    local opts = options(pos)
    if type(opts) ~= "table" then return nil end
    local n = rawlen(opts)
    if n == 0 and next(opts) ~= nil then return nil end
    room(5 * n)
    -- Recorded values are looked up only while the script has set no metatable (under
    -- one, options travel whole and Rust looks them up).
    local lookup = (heaps > 0 or side > 0) and not metatables()
    if lookup then
        values(opts, n, false)
        lookup = not metatables()
    end
    for i = 1, n do
        local o = rawget(opts, i)
        local c, x
        if lookup then
            c, x = cs[i], xs[i]
        else
            c = if components ~= nil then components(o) else nil
        end
        if x then
            -- Room for five bytes for each option left is kept (before the loop, and
            -- after each option written whole).
            writeu8(buf, at, 5); writeu32(buf, at + 1, x); at += 5
        else
            put(o, 1)
            if bad then return nil end
            if c == nil or c == false then
                room(1); writeu8(buf, at, 4); at += 1
            else
                put(c, 0)
                if bad then return nil end
            end
            room(5 * (n - i))
        end
    end
    if lookup then table.clear(xs); table.clear(cs) end
    return at, buf, strings
end

-- Makes room for the values of heaps 0..h-1 and pairs below s (never smaller than
-- before; the heaps already recorded are kept) and returns the two buffers.
local function share(h, s)
    if h > heaps then
        local b = create(h * 4)
        fill(b, 0, 255)
        copy(b, 0, heapv, 0, heaps * 4)
        heapv, heaps = b, h
    end
    if s > side then
        pairv = create(s * s * 4)
        fill(pairv, 0, 255)
        side = s
    end
    return heapv, heaps, pairv, side
end

-- Values of a table's run of positions worked out here, without a round trip to Rust
-- for each: heaps `first, first + 1, …` (`d` nil) or pairs `{a, d - a}` for
-- `a = first, first + 1, …`, `n` of them. A position all of whose options have recorded
-- values (and that `components` leaves whole) gets the mex of them, recorded in turn and
-- written to `out` at four bytes a position; the others are left UNKNOWN, for Rust to
-- search. After them `out` holds the count of options of the positions worked out. A
-- failure (an error, a limit) stops the run where it is: Rust then takes the rest the
-- usual way, which reports it.
local function solve(first, n, d, out)
    fill(out, 0, 255, n * 4)
    writeu32(out, n * 4, 0)
    if metatables() then return end
    local generated = 0
    for i = 0, n - 1 do
        local pos, slot, store
        if d == nil then
            pos = first + i
            if pos < heaps then slot, store = pos * 4, heapv end
        else
            local a = first + i
            local b = d - a
            pos = {a, b}
            if a < side and b < side then slot, store = (a * side + b) * 4, pairv end
        end
        if slot == nil then return end
        local v = readu32(store, slot)
        local whole = v ~= UNKNOWN or components == nil
        if not whole then
            local c = components(pos)
            whole = c == nil or c == false
        end
        local opts = if v == UNKNOWN and whole then options(pos) else nil
        if type(opts) == "table" then
            local count = #opts
            if count > 0 or next(opts) == nil then
                stamp += 1
                if stamp == UNKNOWN then fill(seen, 0, 0); stamp = 1 end
                if count >= seencap then
                    while count >= seencap do seencap *= 2 end
                    seen = create(seencap * 4)
                end
                if not values(opts, count, true) then count = -1 end
                -- What ran may have set a metatable, under which the plain reads above
                -- may differ from raw ones: Rust then takes the rest.
                if metatables() then return end
                if count >= 0 then
                    generated += count
                    v = 0
                    while readu32(seen, v * 4) == stamp do v += 1 end
                    writeu32(store, slot, v)
                end
            end
        end
        if v ~= UNKNOWN then
            writeu32(out, i * 4, v)
            writeu32(out, n * 4, generated)
        end
    end
end

return flatten, share, solve
"#;

/// The largest integer a Luau number holds exactly.
const EXACT: f64 = (1u64 << 53) as f64;

/// Reads a token stream; `None` when it is not one the flattening function writes
/// (the caller then takes the slow way).
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    strings: &'a [Box<str>],
}

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn fixed<const N: usize>(&mut self) -> Option<[u8; N]> {
        let b = self.bytes.get(self.at..self.at + N)?.try_into().ok()?;
        self.at += N;
        Some(b)
    }

    /// Steps over a position after its tag has been read; false (and anywhere) when it
    /// holds a string or is not a position the stream can say.
    fn skip(&mut self, tag: u8, depth: usize) -> bool {
        match tag {
            0 => self.fixed::<8>().is_some(),
            2 if depth < MAX_DEPTH => {
                let Some(n) = self.fixed::<4>().map(u32::from_le_bytes) else {
                    return false;
                };
                (0..n).all(|_| self.byte().is_some_and(|tag| self.skip(tag, depth + 1)))
            }
            _ => false,
        }
    }

    /// A position, after its tag has been read.
    fn position(&mut self, tag: u8, depth: usize) -> Option<ScriptPosition> {
        match tag {
            0 => {
                let x = f64::from_le_bytes(self.fixed::<8>()?);
                (x.fract() == 0.0 && x.abs() <= EXACT).then_some(ScriptPosition::Int(x as i64))
            }
            1 => {
                let i = u32::from_le_bytes(self.fixed::<4>()?) as usize;
                let s = self.strings.get(i.checked_sub(1)?)?;
                Some(ScriptPosition::Str(s.clone()))
            }
            2 => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                let n = u32::from_le_bytes(self.fixed::<4>()?) as usize;
                // Every item takes at least five bytes: the count cannot claim more.
                let mut items = Vec::with_capacity(n.min((self.bytes.len() - self.at) / 5));
                for _ in 0..n {
                    let tag = self.byte()?;
                    items.push(self.position(tag, depth + 1)?);
                }
                Some(ScriptPosition::List(items.into_boxed_slice()))
            }
            _ => None,
        }
    }
}

/// The tokens of a position the flattening writes, for the values recorded in Rust
/// ([`Recorded`]): `None` for a position the table of those values leaves out (one with a
/// string, whose token names an index that differs from call to call, or an integer a
/// Luau number does not hold exactly).
pub(super) fn encode(p: &ScriptPosition, out: &mut Vec<u8>) -> Option<()> {
    match p {
        ScriptPosition::Int(n) => {
            let x = *n as f64;
            if x.abs() > EXACT {
                return None;
            }
            out.push(0);
            out.extend_from_slice(&x.to_le_bytes());
        }
        ScriptPosition::Str(_) => return None,
        ScriptPosition::List(items) => {
            out.push(2);
            out.extend_from_slice(&u32::try_from(items.len()).ok()?.to_le_bytes());
            for item in items.iter() {
                encode(item, out)?;
            }
        }
    }
    Some(())
}

/// Values of components that are neither heaps nor pairs of the shared tables (a pile
/// with the amounts taken from it, a word of numbers), keyed by their tokens, so that an
/// option already evaluated is known from its bytes in the stream: it is then neither
/// built as a position nor hashed as one (for a game of nested positions that was most of
/// the work outside the script).
#[derive(Default)]
pub(super) struct Recorded {
    values: FxHashMap<Box<[u8]>, u32>,
    /// Bytes held by the keys, bounded by [`RECORDED_BYTES`].
    bytes: usize,
}

/// The most bytes of keys [`Recorded`] holds: past it, options travel whole as before.
const RECORDED_BYTES: usize = 64 << 20;

impl Recorded {
    pub(super) fn insert(&mut self, p: &ScriptPosition, value: u32) {
        let mut key = Vec::new();
        if encode(p, &mut key).is_none() || self.bytes + key.len() > RECORDED_BYTES {
            return;
        }
        self.bytes += key.len();
        self.values.insert(key.into_boxed_slice(), value);
    }
}

/// The options and their components from a token stream, or `None` when the stream says
/// something the slow way must say instead (an option that is not a position, a
/// `components` result that is not an array). An option that is one component and whose
/// value is `recorded` comes back as its value.
pub(super) fn read(
    bytes: &[u8],
    strings: &[Box<str>],
    recorded: Option<&Recorded>,
) -> Option<Vec<Expanded>> {
    let mut r = Reader {
        bytes,
        at: 0,
        strings,
    };
    let recorded = recorded.filter(|r| !r.values.is_empty());
    let mut out = Vec::new();
    while r.at < bytes.len() {
        let start = r.at;
        let tag = r.byte()?;
        if tag == 5 {
            out.push(Expanded::Known(u64::from(u32::from_le_bytes(
                r.fixed::<4>()?,
            ))));
            continue;
        }
        if let Some(recorded) = recorded {
            // Token 4 after the option: `components` did not split it.
            if r.skip(tag, 1) && bytes.get(r.at) == Some(&4) {
                if let Some(&v) = recorded.values.get(&bytes[start..r.at]) {
                    r.at += 1;
                    out.push(Expanded::Known(u64::from(v)));
                    continue;
                }
            }
            r.at = start + 1;
        }
        let option = r.position(tag, 1)?;
        let parts = match r.byte()? {
            4 => None,
            tag => {
                let returned = r.position(tag, 0)?;
                split(&option, Some(returned)).ok()?
            }
        };
        out.push(Expanded::Move { option, parts });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::super::engine::{Engine, Expanded};
    use super::super::luau::LuauScript;
    use super::super::ScriptPosition;

    fn show(options: &[Expanded]) -> Vec<String> {
        options
            .iter()
            .map(|e| match e {
                Expanded::Known(v) => format!("known {v}"),
                Expanded::Move { option, parts } => format!("{option} {parts:?}"),
            })
            .collect()
    }

    fn int(n: i64) -> ScriptPosition {
        ScriptPosition::Int(n)
    }

    fn list(items: Vec<ScriptPosition>) -> ScriptPosition {
        ScriptPosition::List(items.into_boxed_slice())
    }

    /// Options of every kind: heaps, words, pairs, sums of pairs, nested arrays, with
    /// `components` splitting some of them and not others.
    const MIXED: &str = r#"
function options(p)
    if type(p) == "number" then
        local out = {}
        for k = 0, p - 1 do out[#out + 1] = k end
        for a = 1, p // 2 do out[#out + 1] = {a, p - a} end
        out[#out + 1] = "w" .. p
        out[#out + 1] = {{1, 2}, {3, {4, "x"}}}
        out[#out + 1] = {}
        return out
    end
    return {}
end
function components(p)
    if type(p) == "table" and type(p[1]) == "number" then return p end
    if type(p) == "table" and #p == 0 then return {} end
    return nil
end
"#;

    #[test]
    fn flattened_options_are_those_read_one_by_one() {
        let s = LuauScript::compile(MIXED).unwrap();
        for p in [int(0), int(1), int(6), int(9), list(vec![int(1), int(2)])] {
            for has_components in [true, false] {
                let flat = s.expand_flat(&p, has_components).ok().flatten();
                let slow = s.expand_slow(&p, has_components).ok().unwrap();
                assert_eq!(
                    show(&flat.expect("the flattening reads these")),
                    show(&slow),
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn what_the_flattening_cannot_say_is_read_the_slow_way() {
        for body in [
            "return {1, true}",
            "return {{x = 1}}",
            "return {1.5}",
            "local t = 1; for i = 1, 20 do t = {t} end; return {t}",
            "return 7",
        ] {
            let text = format!("function options(p)\n  {body}\nend\n");
            let s = LuauScript::compile(&text).unwrap();
            assert!(
                s.expand_flat(&int(3), false).ok().flatten().is_none(),
                "{body}"
            );
            assert!(s.expand_slow(&int(3), false).is_err(), "{body}");
        }
    }

    #[test]
    fn recorded_values_answer_options_by_value() {
        let s = LuauScript::compile(MIXED).unwrap();
        s.share_values(5, 3);
        for (n, v) in [(0, 0), (1, 1), (2, 2), (3, 4)] {
            s.record_value(&int(n), v);
        }
        s.record_value(&list(vec![int(1), int(2)]), 9);
        // Outside the shared table: ignored.
        s.record_value(&int(7), 1);
        s.record_value(&list(vec![int(3), int(0)]), 1);
        let shown = show(&s.expand_flat(&int(5), true).unwrap().unwrap());
        // Heaps 0..3 by value, heap 4 (not recorded) whole; {1, 4} and {2, 3} split into
        // heaps, {2, 3} known as 2 xor 4; the word and the nested sum whole.
        assert_eq!(&shown[..4], ["known 0", "known 1", "known 2", "known 4"]);
        assert_eq!(shown[4], "4 None");
        assert_eq!(shown[5], "[1, 4] Some([1, 4])");
        assert_eq!(shown[6], "known 6");
        assert!(shown[7].starts_with("\"w5\""), "{}", shown[7]);
        // Without components an option that is a recorded pair is known by its value.
        let pairs = LuauScript::compile("function options(p) return {{1, 2}, {2, 1}} end").unwrap();
        pairs.share_values(0, 3);
        pairs.record_value(&list(vec![int(1), int(2)]), 5);
        let shown = show(&pairs.expand_flat(&int(0), false).unwrap().unwrap());
        assert_eq!(shown, ["known 5", "[2, 1] None"]);
    }

    #[test]
    fn recorded_nested_positions_answer_options_by_value() {
        // Piles with the amounts taken: neither heaps nor pairs of the shared tables.
        let s = LuauScript::compile(
            r#"
function options(p)
    return {{3, {1, 2}}, {3, {2}}, {"w", {1}}, {-0, {}}, {2, {1, 2}}}
end
"#,
        )
        .unwrap();
        s.share_values(1, 0);
        let pile =
            |n, taken: &[i64]| list(vec![int(n), list(taken.iter().map(|&t| int(t)).collect())]);
        s.record_value(&pile(3, &[1, 2]), 4);
        s.record_value(&pile(0, &[]), 2);
        s.record_value(
            &list(vec![ScriptPosition::Str("w".into()), list(vec![int(1)])]),
            1,
        );
        let shown = show(&s.expand_flat(&int(0), false).unwrap().unwrap());
        // Known by its bytes; not recorded; a word (never keyed by bytes); -0 is written
        // otherwise than 0, so it travels whole and reads as 0; a different pile.
        assert_eq!(
            shown,
            [
                "known 4",
                "[3, [2]] None",
                "[\"w\", [1]] None",
                "[0, []] None",
                "[2, [1, 2]] None"
            ]
        );
    }

    #[test]
    fn components_with_other_parameters_are_not_used() {
        // `components` taking two parameters is not the script's `components`: the
        // option is one component, not the heaps 1 and 2 whose values are recorded.
        let s = LuauScript::compile(
            "function options(p) return {{1, 2}} end\nfunction components(p, q) return p end",
        )
        .unwrap();
        s.share_values(3, 0);
        s.record_value(&int(1), 1);
        s.record_value(&int(2), 2);
        let shown = show(&s.expand_flat(&int(0), false).unwrap().unwrap());
        assert_eq!(shown, ["[1, 2] None"]);
    }

    #[test]
    fn a_metatable_sends_options_whole() {
        // The option's own entries are none, so it is the empty array; its metatable
        // would make it read as the recorded pair [1, 1] were it indexed. Once the script
        // has set a metatable, no value is looked up: options travel whole, read raw.
        let s = LuauScript::compile(
            r#"
local fake = {__index = function(t, k) return 1 end, __len = function(t) return 2 end}
function options(p)
    return {setmetatable({}, fake)}
end
"#,
        )
        .unwrap();
        s.share_values(0, 3);
        s.record_value(&list(vec![int(1), int(1)]), 7);
        let flat = show(&s.expand_flat(&int(0), false).unwrap().unwrap());
        let slow = show(&s.expand_slow(&int(0), false).unwrap());
        assert_eq!(flat, ["[] None"]);
        assert_eq!(flat, slow);
    }
}
