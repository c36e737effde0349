//! The canonical state of a sum, shared by the solvers that keep whole sums as states
//! (misère sums, every-move steps): components flattened through
//! [`Impartial::components`] into atomic parts, terminal parts (no move, no part) dropped
//! since they never change who moves last, the rest sorted so that equal multisets are one
//! state. Which positions are terminal is remembered.

use super::Impartial;
use rustc_hash::FxHashMap;

/// Remembers which positions are terminal, and writes sums in canonical form.
pub(crate) struct Atoms<P> {
    terminal: FxHashMap<P, bool>,
}

impl<P> Default for Atoms<P> {
    fn default() -> Self {
        Atoms {
            terminal: FxHashMap::default(),
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash + Ord> Atoms<P> {
    fn is_terminal<R: Impartial<Position = P>>(&mut self, rules: &R, p: &P) -> bool {
        if let Some(&t) = self.terminal.get(p) {
            return t;
        }
        let t = rules.is_terminal(p);
        self.terminal.insert(p.clone(), t);
        t
    }

    /// The sum of `components` with every component split into its atomic parts, terminal
    /// parts dropped, sorted.
    pub(crate) fn normalise<R: Impartial<Position = P>>(
        &mut self,
        rules: &R,
        components: Vec<P>,
    ) -> Vec<P> {
        let mut todo = components;
        let mut out = Vec::with_capacity(todo.len());
        while let Some(c) = todo.pop() {
            if let Some(parts) = rules.components(&c) {
                todo.extend(parts);
            } else if !self.is_terminal(rules, &c) {
                out.push(c);
            }
        }
        out.sort();
        out
    }
}
