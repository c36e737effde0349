//! The typed answer of `sprague quotient GAME`: everything about a misère quotient that a
//! person or a program reads (serde; docs/quotients.md lists the keys; the text renderer is
//! `crate::render::quotient_text`).

use serde::Serialize;
use sprague_core::quotient::{Quotient, QuotientChange};

/// Version of the JSON schema of [`QuotientReport`]; bumped when a key changes meaning.
pub const SCHEMA_VERSION: u32 = 1;

/// A misère quotient, as `sprague quotient` reports it. Every key is always present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// The game's spec.
    pub game: String,
    /// Whether the quotient is proven to be that of the whole game (the pretending function
    /// is proven periodic); otherwise it is the quotient of the sums of heaps up to `bound`.
    pub proven: bool,
    /// The largest heap computed.
    pub bound: u64,
    /// `|Q|`, the number of elements.
    pub order: usize,
    /// `|P|`, the number of elements in the P-portion.
    pub p_positions: usize,
    /// The elements of the P-portion, as words in the generators.
    pub p_elements: Vec<String>,
    /// Whether the quotient is tame (that of misère Nim with heaps below some `2^r`).
    pub tame: bool,
    /// Tame quotients: `r`, with `2^r + 2` elements (1 or 2 for the smallest); else `null`.
    pub tame_rank: Option<u32>,
    /// The pretending function.
    pub pretending: Pretending,
    /// Generators and relations.
    pub presentation: PresentationReport,
    /// Each element, by index.
    pub elements: Vec<ElementReport>,
    /// The multiplication table: `multiplication[x][y]` is the index of `x·y`.
    pub multiplication: Vec<Vec<u32>>,
    /// The last heap that changed the quotient (0 if none did).
    pub last_change: u64,
    /// Every heap that changed the quotient, with the order after it.
    pub changes: Vec<QuotientChange>,
    /// Why the computation stopped before a period was proven or `--upto` reached (the
    /// quotient outgrew its bounds), or `null`.
    pub stopped: Option<String>,
}

/// The pretending function `Φ`, heap ↦ element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pretending {
    /// The least `n₀ ≥ 0` with `Φ(n + p) = Φ(n)` for every `n ≥ n₀` (heap 0, the identity,
    /// included), counted as `table --period` counts preperiods; `null` unless proven.
    pub preperiod: Option<u64>,
    /// The least period `p`; `null` unless proven.
    pub period: Option<u64>,
    /// `Φ(0), Φ(1), …, Φ(bound)` as words in the generators.
    pub values: Vec<String>,
}

/// Generators and relations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PresentationReport {
    /// `<a, b | a^2 = 1, b^3 = b>`.
    pub text: String,
    /// The generators, each the image of the least heap giving it.
    pub generators: Vec<GeneratorReport>,
    /// The relations, `left = right` with `left` the larger word.
    pub relations: Vec<String>,
}

/// A generator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// `a`, `b`, …
    pub name: String,
    /// The least heap whose image it is.
    pub heap: u64,
    /// Its index among the elements.
    pub element: u32,
}

/// One element of the quotient.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ElementReport {
    /// Its index (0 is the identity).
    pub index: u32,
    /// Its normal form, the least word in the generators (`1` for the identity).
    pub word: String,
    /// Whether it is in the P-portion (its sums are lost for the player to move).
    pub p: bool,
    /// Tame quotients: Conway's genus (`0^120`, `1^031`, `2^20`), where the heaps name it.
    pub genus: Option<String>,
    /// The least heap whose image it is, if any heap's is.
    pub heap: Option<u64>,
}

impl QuotientReport {
    /// The report of `q`, computed for `game`; `stopped` says why the computation ended
    /// early, if it did.
    pub fn new(game: &str, q: &Quotient, stopped: Option<String>) -> QuotientReport {
        let pr = q.presentation();
        let word = |x: u32| pr.element_text(x).unwrap_or_else(|| x.to_string());
        let tame = q.tame();
        let order = q.order();
        let mut first_heap: Vec<Option<u64>> = vec![None; order];
        for (h, &x) in q.phi_table().iter().enumerate() {
            first_heap[x as usize].get_or_insert(h as u64);
        }
        let elements = (0..order as u32)
            .map(|x| ElementReport {
                index: x,
                word: word(x),
                p: q.is_p(x),
                genus: tame
                    .as_ref()
                    .and_then(|t| t.genus(x))
                    .map(|g| g.to_string()),
                heap: first_heap[x as usize],
            })
            .collect();
        let table = q.monoid().table();
        let multiplication = table.chunks(order.max(1)).map(<[u32]>::to_vec).collect();
        QuotientReport {
            schema: SCHEMA_VERSION,
            game: game.to_string(),
            proven: q.is_proven(),
            bound: q.bound(),
            order,
            p_positions: q.p_portion().len(),
            p_elements: q.p_portion().into_iter().map(word).collect(),
            tame: tame.is_some(),
            tame_rank: tame.as_ref().map(|t| t.rank),
            pretending: Pretending {
                preperiod: q.period().map(|p| p.preperiod),
                period: q.period().map(|p| p.period),
                values: q.phi_table().iter().map(|&x| word(x)).collect(),
            },
            presentation: PresentationReport {
                text: pr.text(),
                generators: pr
                    .generators
                    .iter()
                    .map(|g| GeneratorReport {
                        name: g.name.clone(),
                        heap: g.heap,
                        element: g.element,
                    })
                    .collect(),
                relations: pr
                    .relations
                    .iter()
                    .map(|(l, r)| format!("{} = {}", pr.word_text(l), pr.word_text(r)))
                    .collect(),
            },
            elements,
            multiplication,
            last_change: q.last_change(),
            changes: q.changes().to_vec(),
            stopped,
        }
    }
}
