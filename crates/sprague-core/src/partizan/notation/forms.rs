//! The form an expression writes, for the properties that depend on it (misère play,
//! [`Forms`]): the parser evaluates every expression to its canonical form at once, so the
//! tokens of the receiver of `.MisereOutcomeClass` are read again here. Braces keep their
//! options as written, sums stay sums of forms, negations and switches (`+-G`) are applied
//! to the form; anything else (a nus literal, `Tiny(G)`, an ordinal sum, a method's result)
//! is a value, not a form, and enters as its canonical form. A catalogue game,
//! `name("position")`, enters as the game tree of the position, which the catalogue
//! writes out ([`super::Catalogue::misere_form`]).

use super::lex::Tok;
use super::parser::Parser;
use crate::error::Result;
use crate::partizan::canonical::Context;
use crate::partizan::misere::{FormRef, Forms};

impl Parser<'_> {
    /// The form of the expression written by tokens `start..end`, already parsed once (so
    /// its nesting is within the parser's limit).
    pub(super) fn form_of(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        self.expr_form(ctx, forms, start, end)
    }

    /// A sum of terms: split at the `+`, `-` and `+-` between operands.
    fn expr_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        let mut parts = Vec::new();
        let mut depth = 0usize;
        let mut term = start;
        let mut sign: Option<Tok> = None;
        for k in start..end {
            let t = &self.toks[k];
            match t {
                Tok::LBrace | Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RBrace | Tok::RParen | Tok::RBrack => depth = depth.saturating_sub(1),
                Tok::Plus | Tok::Minus | Tok::PlusMinus
                    if depth == 0 && k > term && ends_operand(&self.toks[k - 1]) =>
                {
                    parts.push(self.signed_form(ctx, forms, sign.take(), term, k)?);
                    sign = Some(t.clone());
                    term = k + 1;
                }
                _ => {}
            }
        }
        parts.push(self.signed_form(ctx, forms, sign, term, end)?);
        if parts.len() == 1 {
            return Ok(parts[0]);
        }
        forms.sum(parts)
    }

    /// One term: a negation, a switch, braces, parentheses, or a value.
    fn term_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        if start >= end {
            return Err(self.err("a game is missing"));
        }
        match self.toks.get(start) {
            Some(Tok::Minus) if !matches!(self.toks.get(start + 1), Some(Tok::Int(_))) => {
                return Ok(-self.term_form(ctx, forms, start + 1, end)?);
            }
            Some(Tok::Plus) => return self.term_form(ctx, forms, start + 1, end),
            Some(Tok::PlusMinus) => return self.switch_form(ctx, forms, start + 1, end),
            Some(Tok::LBrace) if self.closing(start) == Some(end - 1) => {
                return self.braces_form(ctx, forms, start + 1, end - 1);
            }
            Some(Tok::LParen) if self.closing(start) == Some(end - 1) => {
                return self.expr_form(ctx, forms, start + 1, end - 1);
            }
            _ => {}
        }
        // A catalogue game, `name("position")`: its game tree, from the catalogue.
        if let [Tok::Word(name), Tok::LParen, Tok::Str(position), Tok::RParen] =
            &self.toks[start..end]
        {
            return self.catalogue.misere_form(name, position, forms);
        }
        // A catalogue game inside anything else would enter as its value, not its tree.
        if self.toks[start..end]
            .iter()
            .any(|t| matches!(t, Tok::Str(_)))
        {
            return Err(self.err(
                "the misère outcome of a catalogue game is computed on its game tree, which \
                 enters a sum or a negation, not a method or another operation",
            ));
        }
        // A value: parsed again on its own, and brought in as its canonical form.
        let mut sub = self.reread(start, end);
        let g = sub.expr(ctx)?;
        if sub.pos != end || sub.answer.is_some() {
            return Err(self.err("this part is not a game"));
        }
        forms.canonical(ctx, g)
    }

    /// A term with the operator before it: `- T` negated, `+- T` the switch `{T | -T}`.
    fn signed_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        sign: Option<Tok>,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        match sign {
            Some(Tok::PlusMinus) => self.switch_form(ctx, forms, start, end),
            Some(Tok::Minus) => Ok(-self.term_form(ctx, forms, start, end)?),
            _ => self.term_form(ctx, forms, start, end),
        }
    }

    /// `+-G = {G | -G}`, and `+-{G,H} = {G,H | -G,-H}` (braces holding no `|`).
    fn switch_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        let list = self.toks.get(start) == Some(&Tok::LBrace)
            && self.closing(start) == Some(end - 1)
            && !self.has_top_slash(start + 1, end - 1);
        let left = if list {
            self.side_form(ctx, forms, start + 1, end - 1)?
        } else {
            vec![self.term_form(ctx, forms, start, end)?]
        };
        let right = left.iter().map(|&f| -f).collect();
        forms.game(left, right)
    }

    /// Whether tokens `start..end` hold a `|` outside brackets.
    fn has_top_slash(&self, start: usize, end: usize) -> bool {
        let mut depth = 0usize;
        self.toks[start..end].iter().any(|t| {
            match t {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                _ => {}
            }
            depth == 0 && matches!(t, Tok::Slash(_))
        })
    }

    /// The index of the bracket closing the one at `open`.
    pub(super) fn closing(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (k, t) in self.toks.iter().enumerate().skip(open) {
            match t {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(k);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The game inside braces, tokens `start..end`: split at the unique longest run of `|`
    /// (the parser has checked that it is unique), each side a list or a braceless game.
    fn braces_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<FormRef> {
        let mut depth = 0usize;
        let mut best: Option<(usize, usize)> = None;
        for k in start..end {
            match &self.toks[k] {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Slash(n) if depth == 0 && best.is_none_or(|(m, _)| *n > m) => {
                    best = Some((*n, k))
                }
                _ => {}
            }
        }
        let Some((_, at)) = best else {
            return Err(self.err("a game in braces needs `|`"));
        };
        let left = self.side_form(ctx, forms, start, at)?;
        let right = self.side_form(ctx, forms, at + 1, end)?;
        forms.game(left, right)
    }

    fn side_form(
        &mut self,
        ctx: &mut Context,
        forms: &mut Forms,
        start: usize,
        end: usize,
    ) -> Result<Vec<FormRef>> {
        if self.has_top_slash(start, end) {
            return Ok(vec![self.braces_form(ctx, forms, start, end)?]);
        }
        if start == end {
            return Ok(Vec::new());
        }
        let mut depth = 0usize;
        let mut cuts = Vec::new();
        for k in start..end {
            match &self.toks[k] {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Comma if depth == 0 => cuts.push(k),
                _ => {}
            }
        }
        cuts.push(end);
        let mut out = Vec::new();
        let mut from = start;
        for cut in cuts {
            out.push(self.expr_form(ctx, forms, from, cut)?);
            from = cut + 1;
        }
        Ok(out)
    }
}

/// Whether a token can end an operand, so that a `+` or `-` after it is a binary operator.
fn ends_operand(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Int(_)
            | Tok::RBrace
            | Tok::RParen
            | Tok::RBrack
            | Tok::Star
            | Tok::Up
            | Tok::Down
            | Tok::Gt
            | Tok::Word(_)
    )
}
