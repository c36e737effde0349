//! Red–Blue–Green Hackenbush (Winning Ways, ch. 1–2, 7; CGSuite's `Hackenbush`): edges of
//! a graph coloured blue (Left's), red (Right's) or green (either player's) with some
//! vertices on the ground. A move deletes one edge of one's own colour (or a green one);
//! every edge no longer connected to the ground disappears.
//!
//! Positions are written either as **strings** from the ground up, `BRB` (several strings,
//! separated by spaces or `+`, stand on the ground side by side), or as **graphs** in the
//! text format of [`crate::graph::format`] with a colour after each edge: `0-1:B 1-2:R
//! 1-3:G`, chains allowed (`0-1-2:B`), items separated by spaces, commas, semicolons or
//! newlines, `#` comments. Vertex `0` is the ground unless another is named.
//!
//! The value of a blue–red string is known in closed form (Berlekamp's sign expansion,
//! *Winning Ways* ch. 2; Conway, *On Numbers and Games*): the first run of n equal edges is
//! worth ±n, and the k-th edge after the first change of colour adds ±1/2^k (+ for blue).
//! [`blue_red_string_value`] computes it exactly; the generic solver checks it.
//!
//! A position is the set of edges still standing (a bit mask over at most 128 edges of the
//! parsed graph). It splits into the components of the graph with the ground vertex
//! removed (each together with its edges to the ground).

use super::game::{searched, Listed, RulesetGame};
use crate::error::{Error, Result};
use crate::interface::{Editor, Example, Layout, Picture, Players, Solution};
use crate::interface::{Entry, Method, MethodKind, SolveOptions};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use sprague_core::partizan::canonical::{Context, GameId};
use sprague_core::partizan::rules::Ruleset;
use sprague_core::partizan::solver::ValueSolver;
use sprague_core::value::Side;

/// The most edges a graph may have.
pub const MAX_EDGES: usize = 128;

/// An edge colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Left's.
    Blue,
    /// Right's.
    Red,
    /// Either player's.
    Green,
}

impl Colour {
    fn word(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }
    fn parse(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'B' | 'L' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }
    fn playable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Side::Left) | (Colour::Red, Side::Right)
        )
    }
}

/// The exact value of a blue–red string from the ground up, as `numerator / 2^exponent`
/// (sign expansion; see the module documentation). `None` if a green edge occurs.
pub fn blue_red_string_value(s: &[Colour]) -> Option<(BigInt, u32)> {
    let sign = |c: Colour| -> Option<i64> {
        match c {
            Colour::Blue => Some(1),
            Colour::Red => Some(-1),
            Colour::Green => None,
        }
    };
    let Some(&first) = s.first() else {
        return Some((BigInt::from(0), 0));
    };
    let s0 = sign(first)?;
    let run = s.iter().take_while(|&&c| c == first).count();
    let rest = &s[run..];
    // value = s0*run + sum_{k>=1} sign(rest[k-1]) / 2^k, as numerator over 2^rest.len().
    let e = rest.len() as u32;
    let mut num = (BigInt::from(s0) * BigInt::from(run)) << e;
    for (k, &c) in rest.iter().enumerate() {
        let v = BigInt::from(sign(c)?) << (e - 1 - k as u32);
        num += v;
    }
    // Reduce to lowest terms.
    let mut e = e;
    while e > 0 && !num.bit(0) {
        num >>= 1;
        e -= 1;
    }
    Some((num, e))
}

/// A Hackenbush picture: the parsed graph. Positions are masks of standing edges.
#[derive(Debug, Clone)]
pub struct Hackenbush {
    names: Vec<String>,
    edges: Vec<(u32, u32, Colour)>,
    ground: u32,
    /// Incident edges of each vertex.
    incident: Vec<Vec<u32>>,
    /// The text the picture was parsed from.
    text: String,
    /// A picture of strings: for each edge, its string and its height in it (both from 1),
    /// so that positions are written back as strings. Empty for a graph.
    place: Vec<(u32, u32)>,
    /// How many strings a picture of strings has (0 for a graph).
    strings: u32,
}

impl Hackenbush {
    /// The ruleset before any picture is given: the catalogue's game, whose positions each
    /// bring their own picture ([`Listed::for_position`]).
    pub fn catalogue() -> Self {
        Hackenbush {
            names: Vec::new(),
            edges: Vec::new(),
            ground: 0,
            incident: Vec::new(),
            text: String::new(),
            place: Vec::new(),
            strings: 0,
        }
    }

    /// Parses a picture (see the module documentation); `ground` names the ground vertex
    /// of a graph (default `0`).
    pub fn parse_picture(text: &str, ground: Option<&str>) -> Result<Hackenbush> {
        let t = text.trim();
        if t.is_empty() {
            return Err(Error::parse(
                "hackenbush: empty picture; write a string like `BRB` or edges like `0-1:B 1-2:R`",
            ));
        }
        // The bare name of the ground is the empty graph (how an empty position is written),
        // even when that name is a colour letter.
        let is_strings = ground.is_none_or(|g| t != g)
            && t.chars()
                .all(|c| c == '+' || c.is_whitespace() || Colour::parse(c).is_some());
        let mut h = Hackenbush {
            names: Vec::new(),
            edges: Vec::new(),
            ground: 0,
            incident: Vec::new(),
            text: t.to_string(),
            place: Vec::new(),
            strings: 0,
        };
        let mut index: FxHashMap<String, u32> = FxHashMap::default();
        let mut vertex = |h: &mut Hackenbush, name: &str| -> u32 {
            *index.entry(name.to_string()).or_insert_with(|| {
                h.names.push(name.to_string());
                h.names.len() as u32 - 1
            })
        };
        if is_strings {
            if ground.is_some_and(|g| g != "0") {
                return Err(Error::parse(
                    "hackenbush: --ground applies to graphs, not to strings",
                ));
            }
            let g = vertex(&mut h, "0");
            h.ground = g;
            let mut next = 1usize;
            for word in t.split(|c: char| c == '+' || c.is_whitespace()) {
                if word.is_empty() {
                    continue;
                }
                h.strings += 1;
                let mut below = g;
                for (height, c) in (1..).zip(word.chars()) {
                    let colour = Colour::parse(c).expect("checked");
                    let name = next.to_string();
                    next += 1;
                    let v = vertex(&mut h, &name);
                    h.edges.push((below, v, colour));
                    h.place.push((h.strings, height));
                    below = v;
                }
            }
        } else {
            let mut ground_seen = false;
            let gname = ground.unwrap_or("0");
            for line in t.lines() {
                let line = line.split('#').next().unwrap_or("");
                for item in line.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
                    if item.is_empty() {
                        continue;
                    }
                    if item == gname {
                        // The ground alone: no edge (the empty picture).
                        vertex(&mut h, item);
                        ground_seen = true;
                        continue;
                    }
                    let (chain, col) = item.rsplit_once(':').ok_or_else(|| {
                        Error::parse(format!(
                            "hackenbush: edge `{item}` has no colour; write `u-v:B`, `u-v:R` or `u-v:G`"
                        ))
                    })?;
                    let mut cs = col.chars();
                    let colour = match (cs.next().and_then(Colour::parse), cs.next()) {
                        (Some(c), None) => c,
                        _ => {
                            return Err(Error::parse(format!(
                                "hackenbush: colour `{col}` of `{item}` is not B (blue), R (red) or G (green)"
                            )))
                        }
                    };
                    let names: Vec<&str> = chain.split('-').collect();
                    if names.len() < 2 {
                        return Err(Error::parse(format!(
                            "hackenbush: `{item}` is not an edge; write `u-v:C`"
                        )));
                    }
                    for n in &names {
                        if n.is_empty()
                            || !n
                                .chars()
                                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                        {
                            return Err(Error::parse(format!(
                                "hackenbush: bad vertex name `{n}` in `{item}` (letters, digits, `_`, `.`)"
                            )));
                        }
                    }
                    for pair in names.windows(2) {
                        let a = vertex(&mut h, pair[0]);
                        let b = vertex(&mut h, pair[1]);
                        ground_seen |= pair[0] == gname || pair[1] == gname;
                        h.edges.push((a, b, colour));
                    }
                }
            }
            if !ground_seen {
                return Err(Error::parse(format!(
                    "hackenbush: no edge touches the ground vertex `{gname}` in `{t}`"
                )));
            }
            h.ground = *index.get(gname).expect("seen");
        }
        if h.edges.len() > MAX_EDGES {
            return Err(Error::unsupported(format!(
                "hackenbush: {} edges; at most {MAX_EDGES} are supported",
                h.edges.len()
            )));
        }
        h.incident = vec![Vec::new(); h.names.len()];
        for (i, &(a, b, _)) in h.edges.iter().enumerate() {
            h.incident[a as usize].push(i as u32);
            if b != a {
                h.incident[b as usize].push(i as u32);
            }
        }
        Ok(h)
    }

    /// The mask of every edge.
    pub fn full(&self) -> u128 {
        let n = self.edges.len();
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The edges of `mask` connected to the ground (through edges of `mask`).
    fn grounded(&self, mask: u128) -> u128 {
        let mut seen = vec![false; self.names.len()];
        let mut stack = vec![self.ground];
        seen[self.ground as usize] = true;
        let mut keep = 0u128;
        while let Some(v) = stack.pop() {
            for &e in &self.incident[v as usize] {
                if mask >> e & 1 == 0 {
                    continue;
                }
                keep |= 1u128 << e;
                let (a, b, _) = self.edges[e as usize];
                let w = if a == v { b } else { a };
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        keep
    }

    /// If `mask` is a single string from the ground up, its colours from the ground up.
    pub fn as_string(&self, mask: u128) -> Option<Vec<Colour>> {
        let n = mask.count_ones() as usize;
        let mut out = Vec::with_capacity(n);
        let mut v = self.ground;
        let mut prev: Option<u32> = None;
        loop {
            let next: Vec<u32> = self.incident[v as usize]
                .iter()
                .copied()
                .filter(|&e| mask >> e & 1 == 1 && Some(e) != prev)
                .collect();
            match next.len() {
                0 => break,
                1 => {
                    let e = next[0];
                    let (a, b, c) = self.edges[e as usize];
                    if a == b {
                        return None;
                    }
                    out.push(c);
                    v = if a == v { b } else { a };
                    prev = Some(e);
                    if out.len() > n {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        (out.len() == n).then_some(out)
    }

    fn describe(&self, e: u32) -> String {
        let (a, b, c) = self.edges[e as usize];
        format!(
            "{}-{}:{}",
            self.names[a as usize],
            self.names[b as usize],
            c.letter()
        )
    }

    /// A move cutting edge `e`, for a person: `cut blue edge 2 of string 1` (edges counted
    /// from the ground up) in a picture of strings, `cut edge 1-2 (blue)` in a graph.
    fn cut_label(&self, e: u32) -> String {
        let (a, b, c) = self.edges[e as usize];
        match self.place.get(e as usize) {
            Some(&(string, height)) if self.strings > 1 => {
                format!("cut {} edge {height} of string {string}", c.word())
            }
            Some(&(_, height)) => format!("cut {} edge {height}", c.word()),
            None => format!(
                "cut edge {}-{} ({})",
                self.names[a as usize],
                self.names[b as usize],
                c.word()
            ),
        }
    }
}

impl Ruleset for Hackenbush {
    type Position = u128;

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    /// Positions are read as the picture given at construction: only the full picture
    /// (the text it was built from) parses.
    fn parse(&self, text: &str) -> Result<u128> {
        if text.trim() == self.text {
            Ok(self.grounded(self.full()))
        } else {
            let other = Hackenbush::parse_picture(text, None)?;
            Err(Error::unsupported(format!(
                "hackenbush: this picture was built from `{}`, not `{}` ({} edges)",
                self.text,
                text.trim(),
                other.edges.len()
            )))
        }
    }

    /// The edges of `p` as a picture that [`Hackenbush::parse_picture`] reads with the same
    /// ground: strings (`BR RR`, each from the ground up) when the picture was given as
    /// strings, edges under their vertex names (`0-1:B 1-2:R`) when it was a graph, and the
    /// ground's name alone when no edge is left.
    fn display(&self, p: &u128) -> String {
        let edges = (0..self.edges.len() as u32).filter(|&e| p >> e & 1 == 1);
        let text = if self.place.is_empty() {
            edges
                .map(|e| self.describe(e))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            // Edges of a string are numbered consecutively from the ground up.
            let mut words: Vec<String> = Vec::new();
            let mut current = 0;
            for e in edges {
                let (string, _) = self.place[e as usize];
                if string != current || words.is_empty() {
                    words.push(String::new());
                    current = string;
                }
                if let Some(w) = words.last_mut() {
                    w.push(self.edges[e as usize].2.letter());
                }
            }
            words.join(" ")
        };
        if text.is_empty() {
            self.names[self.ground as usize].clone()
        } else {
            text
        }
    }

    fn options(&self, p: &u128, side: Side, out: &mut Vec<u128>) {
        let mut m = *p;
        while m != 0 {
            let e = m.trailing_zeros();
            m &= m - 1;
            if self.edges[e as usize].2.playable(side) {
                out.push(self.grounded(p & !(1u128 << e)));
            }
        }
    }

    fn moves(&self, p: &u128, side: Side) -> Vec<(String, u128)> {
        let mut out = Vec::new();
        let mut m = *p;
        while m != 0 {
            let e = m.trailing_zeros();
            m &= m - 1;
            if self.edges[e as usize].2.playable(side) {
                let q = self.grounded(p & !(1u128 << e));
                out.push((self.cut_label(e), q));
            }
        }
        out
    }

    fn closed_form(&self, p: &u128, ctx: &mut Context) -> Option<GameId> {
        let s = self.as_string(*p)?;
        if let Some((num, e)) = blue_red_string_value(&s) {
            return Some(ctx.dyadic(num, e));
        }
        // A green string of n edges is the nimber *n (Winning Ways, ch. 2).
        s.iter()
            .all(|&c| c == Colour::Green)
            .then(|| ctx.nimber(s.len() as u64))
    }

    fn components(&self, p: &u128, out: &mut Vec<u128>) {
        // Components of the graph without the ground vertex; loops at the ground and
        // ground-to-ground edges stand alone.
        let mut left = *p;
        while left != 0 {
            let e0 = left.trailing_zeros();
            let (a, b, _) = self.edges[e0 as usize];
            let mut comp = 1u128 << e0;
            if a != self.ground || b != self.ground {
                let mut stack: Vec<u32> =
                    [a, b].into_iter().filter(|&v| v != self.ground).collect();
                let mut seen = vec![false; self.names.len()];
                for &v in &stack {
                    seen[v as usize] = true;
                }
                while let Some(v) = stack.pop() {
                    for &e in &self.incident[v as usize] {
                        if p >> e & 1 == 0 {
                            continue;
                        }
                        comp |= 1u128 << e;
                        let (x, y, _) = self.edges[e as usize];
                        for w in [x, y] {
                            if w != self.ground && !seen[w as usize] {
                                seen[w as usize] = true;
                                stack.push(w);
                            }
                        }
                    }
                }
            }
            left &= !comp;
            out.push(comp);
        }
    }
}

// The catalogue.

impl Listed for Hackenbush {
    fn has_ground(&self) -> bool {
        true
    }

    fn for_position(&self, text: &str, options: &SolveOptions) -> Result<Option<Self>> {
        Hackenbush::parse_picture(text, options.ground.as_deref()).map(Some)
    }

    fn method(&self, components: &[u128], ctx: &mut Context) -> Method {
        let closed = components
            .iter()
            .filter(|c| self.closed_form(c, ctx).is_some())
            .count();
        const STRINGS: &str =
            "blue–red strings by sign expansion (Berlekamp; Winning Ways ch. 2), \
                               a green string of n edges is *n";
        if components.is_empty() {
            searched(components, "")
        } else if closed == components.len() {
            Method::theorem(STRINGS)
        } else if closed == 0 {
            Method::engine(
                "canonical forms by search, the picture split into the components hanging from \
                 the ground",
            )
        } else {
            Method::new(
                MethodKind::Mixed,
                format!(
                    "{STRINGS}; the other components hanging from the ground by a search of \
                     canonical forms"
                ),
            )
        }
    }
}

/// The entry's check compares every blue–red string, and the green string, of up to this
/// many edges.
pub(crate) const CHECKED_STRING_EDGES: usize = 8;
/// The most positions the check's search may store (far more than these strings need).
const CHECK_SEARCH_LIMIT: u64 = 1_000_000;

/// The closed forms of strings against the search of the rules (the entry's
/// [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    strings_against_search(CHECKED_STRING_EDGES)
}

/// Every blue–red string and every green string of 1 to `max_edges` edges: its value as
/// the catalogue answers it (sign expansion, or *n) against the canonical value by a search
/// of the rules that uses no closed form. Returns the strings compared, or the first that
/// disagrees.
pub(crate) fn strings_against_search(max_edges: usize) -> std::result::Result<u64, String> {
    let mut strings: Vec<String> = Vec::new();
    let mut blue_red = vec![String::new()];
    for n in 1..=max_edges {
        blue_red = blue_red
            .iter()
            .flat_map(|s| [format!("{s}B"), format!("{s}R")])
            .collect();
        strings.extend(blue_red.iter().cloned());
        strings.push("G".repeat(n));
    }
    for s in &strings {
        let h = Hackenbush::parse_picture(s, None).map_err(|e| format!("string {s}: {e}"))?;
        let p = h.full();
        let mut ctx = Context::new();
        let claimed = h
            .closed_form(&p, &mut ctx)
            .ok_or_else(|| format!("string {s}: no closed form"))?;
        let searched = ValueSolver::new(&h, CHECK_SEARCH_LIMIT)
            .without_closed_forms()
            .value(&mut ctx, &p)
            .map_err(|e| format!("string {s}: search failed: {e}"))?;
        if claimed != searched {
            return Err(format!(
                "string {s}: {} by the closed form, {} by search",
                ctx.display(claimed),
                ctx.display(searched)
            ));
        }
    }
    Ok(strings.len() as u64)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "hackenbush",
        aliases: &["red-blue-green-hackenbush"],
        usage: "hackenbush PICTURE (a string `BRB` from the ground up, or edges `0-1:B 1-2:R 1-3:G`)",
        summary: "Red–Blue–Green Hackenbush: strings, trees and graphs",
        rules: "Edges coloured blue (Left's), red (Right's) or green (both) stand on the ground. \
                A move deletes an edge of one's colour or a green one; edges cut off from the ground fall away. \
                Pictures: a string such as `BRB` from the ground up (several strings separated by spaces or `+` stand side by side), \
                or a graph in the project's graph text format with a colour per edge: `0-1:B 1-2:R 1-3:G`, chains `0-1-2:B`, \
                items separated by spaces, commas, semicolons or newlines; vertex `0` is the ground (or `--ground V`). At most 128 edges. \
                Moves name the edge: `cut blue edge 2 of string 1` (edges of a string counted from the ground up) or `cut edge 1-2 (blue)`; \
                the picture with no edge left is written as the ground's name, `0`.",
        theorem: "Blue–red strings: sign expansion (first run of n edges = ±n, then ±1/2^k); a green string of n edges is *n. Otherwise canonical forms by search, \
                  the picture split into the components hanging from the ground.",
        references: "Berlekamp, Conway, Guy, Winning Ways, ch. 1, 2, 7; Conway, On Numbers and Games.",
        examples: const {
            &[
                Example::normal("hackenbush", "0-1:B 1-2:R 1-3:G 0-4:R 4-5:B"),
                Example::normal("hackenbush", "BRB"),
                Example::normal("hackenbush", "0-1:B 1-2:R 1-3:G 2-0:G"),
            ]
        },
        editor: Editor::Network {
            directed: false,
            coloured: true,
            layout: Layout::Ground,
            marks: &[],
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Theorem {
            check: check_theorem,
        },
        build: |p| RulesetGame::build(Hackenbush::catalogue(), p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::outcome::OutcomeSolver;

    fn colours(s: &str) -> Vec<Colour> {
        s.chars().map(|c| Colour::parse(c).unwrap()).collect()
    }

    #[test]
    fn sign_expansion() {
        let v = |s: &str| blue_red_string_value(&colours(s)).unwrap();
        assert_eq!(v("BRB"), (BigInt::from(3), 2));
        assert_eq!(v("BBR"), (BigInt::from(3), 1));
        assert_eq!(v("BRR"), (BigInt::from(1), 2));
        assert_eq!(v("RRR"), (BigInt::from(-3), 0));
        assert_eq!(v("RB"), (BigInt::from(-1), 1));
        assert_eq!(v(""), (BigInt::from(0), 0));
        assert!(blue_red_string_value(&colours("BG")).is_none());
    }

    #[test]
    fn pictures_parse_and_play() {
        let h = Hackenbush::parse_picture("BRB", None).unwrap();
        let p = h.parse("BRB").unwrap();
        assert_eq!(h.display(&p), "BRB");
        let mut v = Vec::new();
        h.options(&p, Side::Left, &mut v);
        let shown: Vec<String> = v.iter().map(|q| h.display(q)).collect();
        assert_eq!(shown, vec!["0", "BR"]);
        let g = Hackenbush::parse_picture("0-1:B 1-2:R, 1-3:G; 0-0:G", None).unwrap();
        let p = g.parse("0-1:B 1-2:R, 1-3:G; 0-0:G").unwrap();
        let mut comps = Vec::new();
        g.components(&p, &mut comps);
        assert_eq!(comps.len(), 2);
        assert!(Hackenbush::parse_picture("1-2:B", None).is_err());
        assert!(Hackenbush::parse_picture("0-1:Q", None).is_err());
        assert!(Hackenbush::parse_picture("0-1", None).is_err());
        assert!(Hackenbush::parse_picture("", None).is_err());
        let mut s = OutcomeSolver::new(&h, 1000);
        assert_eq!(s.wins(&p_of(&h)).unwrap().letter(), 'L');
        let gg = Hackenbush::parse_picture("G G", None).unwrap();
        let mut s = OutcomeSolver::new(&gg, 1000);
        assert_eq!(s.wins(&gg.full()).unwrap().letter(), 'P');
    }

    #[test]
    fn positions_are_written_as_pictures_and_moves_named() {
        // Strings stay strings; a cut string keeps the edges below the cut.
        let h = Hackenbush::parse_picture("BRB+ RG", None).unwrap();
        let p = h.parse("BRB+ RG").unwrap();
        assert_eq!(h.display(&p), "BRB RG");
        let left: Vec<(String, String)> = h
            .moves(&p, Side::Left)
            .into_iter()
            .map(|(n, q)| (n, h.display(&q)))
            .collect();
        assert_eq!(
            left,
            vec![
                ("cut blue edge 1 of string 1".to_string(), "RG".to_string()),
                (
                    "cut blue edge 3 of string 1".to_string(),
                    "BR RG".to_string()
                ),
                (
                    "cut green edge 2 of string 2".to_string(),
                    "BRB R".to_string()
                ),
            ]
        );
        let single = Hackenbush::parse_picture("B", None).unwrap();
        let moves = single.moves(&single.full(), Side::Left);
        assert_eq!(moves[0].0, "cut blue edge 1");
        // The empty picture is the ground's name, which parses back.
        assert_eq!(single.display(&moves[0].1), "0");
        let empty = Hackenbush::parse_picture("0", None).unwrap();
        assert_eq!(empty.parse("0").unwrap(), 0);
        // Graphs stay graphs, under their vertex names and ground.
        let g = Hackenbush::parse_picture("a-b:B b-c:R a-c:G", Some("a")).unwrap();
        let p = g.parse("a-b:B b-c:R a-c:G").unwrap();
        let right: Vec<(String, String)> = g
            .moves(&p, Side::Right)
            .into_iter()
            .map(|(n, q)| (n, g.display(&q)))
            .collect();
        assert_eq!(
            right[0],
            ("cut edge b-c (red)".to_string(), "a-b:B a-c:G".to_string())
        );
        let bare = Hackenbush::parse_picture("B", Some("B")).unwrap();
        assert_eq!(bare.full(), 0);
        assert!(Hackenbush::parse_picture("BRB 0", None).is_err());
    }

    fn p_of(h: &Hackenbush) -> u128 {
        h.full()
    }
}
