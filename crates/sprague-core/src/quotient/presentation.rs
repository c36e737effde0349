//! A presentation of a quotient by generators and relations, as Plambeck and Siegel write
//! them (`⟨a, b | a² = 1, b³ = b⟩`).
//!
//! Generators are chosen along the heaps: the image of a heap is a new generator when the
//! generators so far do not generate it. Words are ordered by degree, then by comparing the
//! exponents of the last generator first (the smaller first); this order is compatible with
//! multiplication. Each element's *normal form* is its least word; a word that is not a
//! normal form but whose every proper sub-word (one letter less) is one gives a relation
//! `word = normal form`. These relations rewrite every word to its normal form (each rewrite
//! lowers the word, and a non-normal word contains a minimal one), so they present the
//! monoid; they form the complete rewriting system of that order.

use super::monoid::Element;
use super::Quotient;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt::Write;

/// A generator: a name and the element it stands for, the image of the first heap giving it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// `a`, `b`, …, `z`, then `a1`, `b1`, ….
    pub name: String,
    /// The element.
    pub element: Element,
    /// The least heap whose image it is.
    pub heap: u64,
}

/// A word in the generators: the exponent of each, in the order of the generators.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Word(pub Vec<u32>);

impl Word {
    /// The total degree.
    pub fn degree(&self) -> u64 {
        self.0.iter().map(|&e| e as u64).sum()
    }
}

/// Generators, relations and the normal form of each element.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The generators.
    pub generators: Vec<Generator>,
    /// The relations `left = right`, `left` the larger word.
    pub relations: Vec<(Word, Word)>,
    /// The normal form of each element, by element.
    pub normal_forms: Vec<Word>,
}

/// The order of words: degree, then exponents from the last generator down.
fn word_order(a: &Word, b: &Word) -> Ordering {
    a.degree()
        .cmp(&b.degree())
        .then_with(|| a.0.iter().rev().cmp(b.0.iter().rev()))
}

fn generator_name(i: usize) -> String {
    let letter = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26)
    }
}

impl Presentation {
    /// A word as text: `1`, `a`, `ab^2`, `a1^3c` (exponents after a caret).
    pub fn word_text(&self, w: &Word) -> String {
        let mut s = String::new();
        for (g, &e) in self.generators.iter().zip(&w.0) {
            if e > 0 {
                s.push_str(&g.name);
                if e > 1 {
                    let _ = write!(s, "^{e}");
                }
            }
        }
        if s.is_empty() {
            s.push('1');
        }
        s
    }

    /// The normal form of element `x` as text, if `x` is an element.
    pub fn element_text(&self, x: Element) -> Option<String> {
        self.normal_forms.get(x as usize).map(|w| self.word_text(w))
    }

    /// The presentation as text: `⟨a, b | a^2 = 1, b^3 = b⟩`, ASCII: `<a, b | a^2 = 1, b^3 = b>`.
    pub fn text(&self) -> String {
        let gens: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", self.word_text(l), self.word_text(r)))
            .collect();
        if rels.is_empty() {
            format!("<{}>", gens.join(", "))
        } else {
            format!("<{} | {}>", gens.join(", "), rels.join(", "))
        }
    }
}

impl Quotient {
    /// Generators (the images of heaps, in heap order), relations and normal forms.
    pub fn presentation(&self) -> Presentation {
        let m = &self.monoid;
        let order = m.order();
        let mut generators: Vec<Generator> = Vec::new();
        let mut gens: Vec<Element> = Vec::new();
        let mut reached = m.closure(&gens);
        for (h, &x) in self.phi.iter().enumerate() {
            if reached.len() == order {
                break;
            }
            if x != 0 && !reached.contains(&x) {
                generators.push(Generator {
                    name: generator_name(generators.len()),
                    element: x,
                    heap: h as u64,
                });
                gens.push(x);
                reached = m.closure(&gens);
            }
        }
        let g = gens.len();
        let zero = Word(vec![0; g]);
        let mut normal: Vec<Option<Word>> = vec![None; order];
        normal[0] = Some(zero.clone());
        let mut normal_set: HashSet<Word> = HashSet::from([zero.clone()]);
        let mut relations = Vec::new();
        let mut level: Vec<(Word, Element)> = vec![(zero, 0)];
        while !level.is_empty() {
            let mut cands: Vec<(Word, Element)> = Vec::new();
            let mut seen: HashSet<Word> = HashSet::new();
            for (w, x) in &level {
                for (i, &gi) in gens.iter().enumerate() {
                    let mut c = w.clone();
                    c.0[i] += 1;
                    if seen.insert(c.clone()) {
                        cands.push((c, m.mul(*x, gi)));
                    }
                }
            }
            cands.sort_by(|a, b| word_order(&a.0, &b.0));
            let mut next = Vec::new();
            for (c, x) in cands {
                match &normal[x as usize] {
                    None => {
                        normal[x as usize] = Some(c.clone());
                        normal_set.insert(c.clone());
                        next.push((c, x));
                    }
                    Some(nf) => {
                        let minimal = (0..g).filter(|&i| c.0[i] > 0).all(|i| {
                            let mut parent = c.clone();
                            parent.0[i] -= 1;
                            normal_set.contains(&parent)
                        });
                        if minimal {
                            relations.push((c.clone(), nf.clone()));
                        }
                    }
                }
            }
            level = next;
        }
        Presentation {
            generators,
            relations,
            // Every element is reached: the heaps generate the quotient.
            normal_forms: normal
                .into_iter()
                .map(|w| w.unwrap_or_else(|| Word(vec![0; g])))
                .collect(),
        }
    }
}
