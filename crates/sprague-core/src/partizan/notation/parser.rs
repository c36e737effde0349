//! The recursive-descent parser of the notation (grammar in [`super`]), with a nesting
//! limit so that no input can exhaust the stack.

use super::lex::{describe, Relation, Tok};
use super::{methods, miny_of, tiny_of, Answer, Catalogue, MAX_NESTING, MAX_UP_NTH};
use crate::error::{Error, Result};
use crate::partizan::canonical::{
    up_nth, up_sum, Context, GameId, Nus, MAX_NIMBER, MAX_UP_LITERAL,
};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::misere::Forms;
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

/// Names of loopy games, which are not short games.
const LOOPY: [&str; 7] = ["pass", "on", "off", "over", "under", "upon", "dud"];

pub(super) struct Parser<'a> {
    pub(super) toks: &'a [Tok],
    pub(super) pos: usize,
    pub(super) src: &'a str,
    pub(super) depth: usize,
    pub(super) catalogue: &'a dyn Catalogue,
    /// A property that is not a game (`.IsNumber`, `.Options(Left)`), with the index of the
    /// first token of the expression it was asked of: it must be the whole expression.
    pub(super) answer: Option<(usize, Answer)>,
}

impl<'a> Parser<'a> {
    /// A parser of the tokens `start..end` alone, at this one's depth (to read a part of
    /// the expression again on its own).
    pub(super) fn reread(&self, start: usize, end: usize) -> Parser<'a> {
        Parser {
            toks: &self.toks[..end],
            pos: start,
            src: self.src,
            depth: self.depth,
            catalogue: self.catalogue,
            answer: None,
        }
    }

    pub(super) fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos)
    }
    fn bump(&mut self) -> Option<&'a Tok> {
        let t = self.toks.get(self.pos);
        self.pos += 1;
        t
    }
    pub(super) fn err(&self, msg: &str) -> Error {
        let src: String = self.src.chars().take(80).collect();
        let more = if self.src.chars().count() > 80 {
            "..."
        } else {
            ""
        };
        Error::parse(format!("{msg} in game `{src}{more}`"))
    }
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.err(&format!("nesting deeper than {MAX_NESTING}")));
        }
        Ok(())
    }
    pub(super) fn expect(&mut self, t: Tok) -> Result<()> {
        match self.bump() {
            Some(x) if *x == t => Ok(()),
            Some(x) => Err(self.err(&format!(
                "expected `{}` but found `{}`",
                describe(&t),
                describe(x)
            ))),
            None => Err(self.err(&format!("expected `{}` at the end", describe(&t)))),
        }
    }

    /// The whole input: an expression, or two compared.
    pub(super) fn top(&mut self, ctx: &mut Context) -> Result<Answer> {
        let a = self.expr(ctx)?;
        let rel = match self.peek() {
            Some(Tok::Rel(r)) => Some(*r),
            Some(Tok::Lt) => Some(Relation::Lt),
            Some(Tok::Gt) => Some(Relation::Gt),
            _ => None,
        };
        let answer = match rel {
            Some(rel) => {
                self.pos += 1;
                let b = self.expr(ctx)?;
                if self.answer.is_some() {
                    return Err(self.err("a property that is not a game cannot be compared"));
                }
                Answer::Bool(compare(ctx, a, rel, b))
            }
            None => match self.answer.take() {
                Some((0, ans)) => ans,
                Some(_) => {
                    return Err(self.err(
                        "a property that is not a game applies to the whole expression only; \
                         put the expression in parentheses: `(G + H).IsNumber`",
                    ))
                }
                None => Answer::Game(a),
            },
        };
        if let Some(t) = self.peek() {
            return Err(self.err(&format!("unexpected `{}`", describe(t))));
        }
        Ok(answer)
    }

    pub(super) fn expr(&mut self, ctx: &mut Context) -> Result<GameId> {
        let mut acc = self.product(ctx)?;
        loop {
            match self.peek() {
                Some(Tok::Plus) => {
                    self.pos += 1;
                    let b = self.product(ctx)?;
                    acc = ctx.add(acc, b);
                }
                Some(Tok::Minus) => {
                    self.pos += 1;
                    let b = self.product(ctx)?;
                    acc = ctx.sub(acc, b);
                }
                Some(Tok::PlusMinus) => {
                    self.pos += 1;
                    let pm = self.switch(ctx)?;
                    acc = ctx.add(acc, pm);
                }
                _ => return Ok(acc),
            }
        }
    }

    /// `G * H`, CGSuite's product: `n` copies of a game for an integer `n` (on either
    /// side), the product of two numbers; binding tighter than sums. A `*` right after a
    /// number or ups begins the nimber part instead (`2*3` is `2 + *3`, as printed) unless
    /// a game follows it that a nimber cannot (`2*{1|0}`, `^*(3)`, `2*^`).
    fn product(&mut self, ctx: &mut Context) -> Result<GameId> {
        let mut acc = self.ordinal(ctx)?;
        while self.peek() == Some(&Tok::Star) && self.answer.is_none() {
            self.pos += 1;
            let b = self.ordinal(ctx)?;
            acc = super::arith::multiply(ctx, acc, b).map_err(|e| match e {
                Error::Parse(m) => self.err(&m),
                other => other,
            })?;
            ctx.check_nesting(acc, "the product")?;
        }
        Ok(acc)
    }

    /// `G:H:K`, the ordinal sum (binding tighter than sums, as in CGSuite).
    fn ordinal(&mut self, ctx: &mut Context) -> Result<GameId> {
        let mut acc = self.unary(ctx)?;
        while self.peek() == Some(&Tok::Colon) {
            self.pos += 1;
            let b = self.unary(ctx)?;
            acc = ctx.ordinal_sum(acc, b)?;
            ctx.check_nesting(acc, "the ordinal sum")?;
        }
        Ok(acc)
    }

    fn unary(&mut self, ctx: &mut Context) -> Result<GameId> {
        self.enter()?;
        let g = match self.peek() {
            // `-1^` is (-1) + ^, as CGSuite prints it: the sign belongs to the number only.
            Some(Tok::Minus)
                if matches!(self.toks.get(self.pos + 1), Some(Tok::Int(_)))
                    && !self.number_then_power(self.pos + 1) =>
            {
                let start = self.pos;
                self.pos += 1;
                let g = self.nus(ctx, true)?;
                self.postfix(ctx, g, start)?
            }
            Some(Tok::Minus) => {
                self.pos += 1;
                let g = self.unary(ctx)?;
                ctx.neg(g)
            }
            Some(Tok::Plus) => {
                self.pos += 1;
                self.unary(ctx)?
            }
            Some(Tok::PlusMinus) => {
                self.pos += 1;
                self.switch(ctx)?
            }
            _ => {
                let start = self.pos;
                let g = self.atom(ctx)?;
                let g = self.postfix(ctx, g, start)?;
                self.power(ctx, g)?
            }
        };
        self.depth -= 1;
        Ok(g)
    }

    /// Whether the number written at token `k` is raised to a power, `2^(3)`: a `^` right
    /// after a number is an up unless an opening parenthesis follows it.
    fn number_then_power(&self, mut k: usize) -> bool {
        k += 1;
        if self.toks.get(k) == Some(&Tok::Frac) {
            k += 2;
        }
        self.toks.get(k) == Some(&Tok::Up) && self.toks.get(k + 1) == Some(&Tok::LParen)
    }

    /// `x ^ k`, CGSuite's power of a number by an integer, after an operand that a `^`
    /// cannot continue as an up: `(1/2)^4`, `2^(-4)`, `(3)^2`.
    fn power(&mut self, ctx: &mut Context, base: GameId) -> Result<GameId> {
        if self.peek() != Some(&Tok::Up) || self.answer.is_some() {
            return Ok(base);
        }
        self.pos += 1;
        let e = self.unary(ctx)?;
        super::arith::power(ctx, base, e).map_err(|e| match e {
            Error::Parse(m) => self.err(&m),
            other => other,
        })
    }

    /// `G.Method`, `G.Method(args)`, any number of times.
    fn postfix(&mut self, ctx: &mut Context, mut g: GameId, start: usize) -> Result<GameId> {
        while self.peek() == Some(&Tok::Dot) {
            if self.answer.is_some() {
                // A list's `.Size` is the one property of a property (CGSuite's
                // `G.Followers.Size`): the number of its games, a game again.
                let size = self.toks.get(self.pos + 1) == Some(&Tok::Word("Size".into()))
                    && self.toks.get(self.pos + 2) != Some(&Tok::LParen);
                let n = match &self.answer {
                    Some((_, Answer::Games(v))) if size => v.len(),
                    Some((_, Answer::Positions(v))) if size => v.len(),
                    _ => return Err(self.err("a property that is not a game must come last")),
                };
                self.pos += 2;
                self.answer = None;
                g = ctx.integer(i64::try_from(n).unwrap_or(i64::MAX));
                continue;
            }
            let dot = self.pos;
            self.pos += 1;
            let name = match self.bump() {
                Some(Tok::Word(w)) => w.clone(),
                _ => return Err(self.err("expected a method name after `.`")),
            };
            let args = if self.peek() == Some(&Tok::LParen) {
                self.pos += 1;
                self.enter()?;
                let a = self.arguments(ctx)?;
                self.depth -= 1;
                a
            } else {
                Vec::new()
            };
            // The receiver as written, parentheses around it dropped.
            let (mut from, mut to) = (start, dot);
            while to > from + 1
                && self.toks[from] == Tok::LParen
                && self.closing(from) == Some(to - 1)
            {
                (from, to) = (from + 1, to - 1);
            }
            let receiver = &self.toks[from..to];
            let called = if let (
                "Followers",
                true,
                [Tok::Word(game), Tok::LParen, Tok::Str(position), Tok::RParen],
            ) = (name.as_str(), args.is_empty(), receiver)
            {
                // A catalogue game's followers are its positions, as CGSuite lists a game
                // object's, not the followers of its canonical form.
                let listed = self.catalogue.followers(game, position)?;
                Answer::Positions(listed.iter().map(|p| format!("{game}(\"{p}\")")).collect())
            } else if let (Some(o), "MisereOutcomeClass", true) = (
                number_literal(receiver)
                    .then(|| ctx.as_number(g))
                    .flatten()
                    .and_then(crate::partizan::misere::number_misere_outcome),
                name.as_str(),
                args.is_empty(),
            ) {
                // A number written as one is its canonical form, whose misère outcome
                // has a closed form however old the number.
                Answer::Outcome(o)
            } else if name == "MisereOutcomeClass" && args.is_empty() {
                // The misère outcome depends on the form written, not only on the value.
                let mut forms = Forms::new();
                let f = self.form_of(ctx, &mut forms, start, dot)?;
                let limits = ctx.limits();
                Answer::Outcome(forms.misere_outcome(f, &limits)?)
            } else {
                methods::call(ctx, g, &name, &args).map_err(|e| match e {
                    Error::Parse(m) => self.err(&m),
                    other => other,
                })?
            };
            match called {
                Answer::Game(h) => {
                    ctx.check_nesting(h, &format!("`.{name}`"))?;
                    g = h
                }
                other => {
                    if self.peek().is_some() && self.peek() != Some(&Tok::Dot) {
                        return Err(self.err(&format!(
                            "`.{name}` is not a game; it can only end the expression"
                        )));
                    }
                    self.answer = Some((start, other));
                }
            }
        }
        Ok(g)
    }

    /// The arguments after `(` up to and including `)`: games, or `Left` / `Right`
    /// (also `Player.Left`).
    fn arguments(&mut self, ctx: &mut Context) -> Result<Vec<methods::Arg>> {
        let mut args = Vec::new();
        if self.peek() == Some(&Tok::RParen) {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            if let Some(Tok::Word(w)) = self.peek() {
                let mut side = w.as_str();
                let mut k = self.pos + 1;
                if side == "Player" && self.toks.get(k) == Some(&Tok::Dot) {
                    if let Some(Tok::Word(s)) = self.toks.get(k + 1) {
                        side = s;
                        k += 2;
                    }
                }
                let player = match side {
                    "Left" => Some(methods::Arg::Left),
                    "Right" => Some(methods::Arg::Right),
                    _ => None,
                };
                if let Some(p) = player {
                    self.pos = k;
                    args.push(p);
                } else {
                    args.push(methods::Arg::Game(self.expr(ctx)?));
                }
            } else {
                args.push(methods::Arg::Game(self.expr(ctx)?));
            }
            match self.bump() {
                Some(Tok::Comma) => {}
                Some(Tok::RParen) => return Ok(args),
                Some(t) => return Err(self.err(&format!("unexpected `{}`", describe(t)))),
                None => return Err(self.err("expected `)` at the end")),
            }
        }
    }

    /// After `+-`: `+-G = {G | -G}`, and `+-{G,H} = {G,H | -G,-H}` (CGSuite writes a switch
    /// with several left options so).
    fn switch(&mut self, ctx: &mut Context) -> Result<GameId> {
        let mut opts = Vec::new();
        if let Some(end) = self.brace_list_end() {
            let start = self.pos + 1;
            self.enter()?;
            opts = self.side(ctx, start, end)?;
            self.depth -= 1;
            self.pos = end + 1;
            if opts.is_empty() {
                return Err(self.err("`+-{}` needs at least one option"));
            }
        } else {
            opts.push(self.unary(ctx)?);
        }
        let neg: Vec<GameId> = opts.iter().map(|&o| ctx.neg(o)).collect();
        Ok(ctx.from_options(&opts, &neg))
    }

    /// When the next token opens braces that hold no top-level `|` (a list of options), the
    /// index of the closing brace.
    fn brace_list_end(&self) -> Option<usize> {
        if self.peek() != Some(&Tok::LBrace) {
            return None;
        }
        let mut depth = 0usize;
        for (k, t) in self.toks[self.pos + 1..].iter().enumerate() {
            match t {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace if depth == 0 => return Some(self.pos + 1 + k),
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Slash(_) if depth == 0 => return None,
                _ => {}
            }
        }
        None
    }

    fn atom(&mut self, ctx: &mut Context) -> Result<GameId> {
        match self.peek() {
            Some(Tok::LParen) => {
                self.pos += 1;
                self.enter()?;
                let g = self.expr(ctx)?;
                self.expect(Tok::RParen)?;
                self.depth -= 1;
                Ok(g)
            }
            Some(Tok::Word(w)) => self.word(ctx, w),
            Some(Tok::LBrace) => {
                self.pos += 1;
                self.enter()?;
                // Find the matching brace.
                let start = self.pos;
                let mut depth = 0usize;
                let mut end = None;
                for (k, t) in self.toks[start..].iter().enumerate() {
                    match t {
                        Tok::LBrace | Tok::LParen => depth += 1,
                        Tok::RBrace | Tok::RParen if depth > 0 => depth -= 1,
                        Tok::RBrace => {
                            end = Some(start + k);
                            break;
                        }
                        _ => {}
                    }
                }
                let end = end.ok_or_else(|| self.err("unclosed `{`"))?;
                let g = self.sides(ctx, start, end)?;
                self.pos = end + 1;
                self.depth -= 1;
                Ok(g)
            }
            Some(Tok::Int(_)) | Some(Tok::Up) | Some(Tok::Down) | Some(Tok::Star) => {
                self.nus(ctx, false)
            }
            Some(t) => Err(self.err(&format!("unexpected `{}`", describe(t)))),
            None => Err(self.err("unexpected end")),
        }
    }

    /// A word as an atom: `Tiny(G)`, `Miny(G)`, a catalogue game `name("position")`; loopy
    /// games are named in the error.
    fn word(&mut self, ctx: &mut Context, w: &str) -> Result<GameId> {
        self.pos += 1;
        let lower = w.to_ascii_lowercase();
        if lower == "tiny" || lower == "miny" {
            self.expect(Tok::LParen)?;
            self.enter()?;
            let g = self.expr(ctx)?;
            self.expect(Tok::RParen)?;
            self.depth -= 1;
            return Ok(if lower == "tiny" {
                tiny_of(ctx, g)
            } else {
                miny_of(ctx, g)
            });
        }
        if LOOPY.contains(&w) {
            return Err(self.err(&format!(
                "`{w}` is a loopy game; only short (loopfree) games are supported"
            )));
        }
        if self.peek() != Some(&Tok::LParen) {
            return Err(self.err(&format!(
                "unknown name `{w}` (a catalogue game is written `name(\"position\")`)"
            )));
        }
        self.pos += 1;
        let position = match self.bump() {
            Some(Tok::Str(s)) => s.clone(),
            _ => {
                return Err(self.err(&format!(
                    "`{w}(...)` takes a position in double quotes: `{w}(\"...\")`"
                )))
            }
        };
        self.expect(Tok::RParen)?;
        // `.Followers` right after lists the positions (see `postfix`), not the value's
        // followers: the value, which may take long to find, is not needed.
        if self.peek() == Some(&Tok::Dot)
            && self.toks.get(self.pos + 1) == Some(&Tok::Word("Followers".into()))
            && self.toks.get(self.pos + 2) != Some(&Tok::LParen)
        {
            return Ok(ctx.zero());
        }
        let text = self.catalogue.canonical(w, &position)?;
        super::parse(ctx, &text)
            .map_err(|e| self.err(&format!("the value of {w}(\"{position}\"): {e}")))
    }

    /// The game whose braces enclose tokens `start..end`.
    fn sides(&mut self, ctx: &mut Context, start: usize, end: usize) -> Result<GameId> {
        self.enter()?;
        let mut depth = 0usize;
        let mut best: Option<(usize, usize)> = None; // (run length, index)
        let mut ties = false;
        for k in start..end {
            match &self.toks[k] {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Slash(n) if depth == 0 => match best {
                    Some((m, _)) if *n < m => {}
                    Some((m, _)) if *n == m => ties = true,
                    _ => {
                        best = Some((*n, k));
                        ties = false;
                    }
                },
                _ => {}
            }
        }
        let (n, at) = best.ok_or_else(|| self.err("a game in braces needs `|`"))?;
        if ties {
            return Err(self.err(&format!(
                "ambiguous slashes: two separators `{}` at the same level",
                "|".repeat(n)
            )));
        }
        let left = self.side(ctx, start, at)?;
        let right = self.side(ctx, at + 1, end)?;
        self.depth -= 1;
        Ok(ctx.from_options(&left, &right))
    }

    /// The options on one side: a braceless game if the side holds `|`, else a list.
    fn side(&mut self, ctx: &mut Context, start: usize, end: usize) -> Result<Vec<GameId>> {
        let mut depth = 0usize;
        let mut has_slash = false;
        for t in &self.toks[start..end] {
            match t {
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Slash(_) if depth == 0 => has_slash = true,
                _ => {}
            }
        }
        if has_slash {
            return Ok(vec![self.sides(ctx, start, end)?]);
        }
        let mut out = Vec::new();
        if start == end {
            return Ok(out);
        }
        let mut sub = self.reread(start, end);
        loop {
            out.push(sub.expr(ctx)?);
            if sub.answer.is_some() {
                return Err(sub.err("an option must be a game"));
            }
            match sub.bump() {
                None => break,
                Some(Tok::Comma) => {}
                Some(t) => return Err(sub.err(&format!("unexpected `{}`", describe(t)))),
            }
        }
        Ok(out)
    }

    fn small_int(&mut self, what: &str) -> Result<u64> {
        match self.bump() {
            Some(Tok::Int(n)) => n
                .to_u64()
                .ok_or_else(|| self.err(&format!("{what} `{n}` is too large"))),
            _ => Err(self.err(&format!("expected a number after {what}"))),
        }
    }

    /// The integer a parenthesised expression at the current token evaluates to, within
    /// `-max..=max`.
    fn integer_operand(&mut self, ctx: &mut Context, what: &str, max: i64) -> Result<i64> {
        self.expect(Tok::LParen)?;
        self.enter()?;
        let g = self.expr(ctx)?;
        self.expect(Tok::RParen)?;
        self.depth -= 1;
        match ctx
            .as_number(g)
            .filter(|x| x.is_integer())
            .map(|x| x.to_i64())
        {
            Some(Some(n)) if n.abs() <= max => Ok(n),
            Some(_) => Err(self.err(&format!("{what} needs |n| <= {max}"))),
            None => {
                let shown = ctx.display(g);
                Err(self.err(&format!("{what} needs an integer n, not `{shown}`")))
            }
        }
    }

    fn nus(&mut self, ctx: &mut Context, negative: bool) -> Result<GameId> {
        let start = self.pos;
        let mut number = Dyadic::zero();
        if let Some(Tok::Int(n)) = self.peek() {
            self.pos += 1;
            number = Dyadic::integer(n.clone());
            if let Some(Tok::Frac) = self.peek() {
                self.pos += 1;
                let den = match self.bump() {
                    Some(Tok::Int(d)) => d.clone(),
                    _ => return Err(self.err("expected a denominator after `/`")),
                };
                if den.is_zero() || (&den & (&den - 1u32)) != BigInt::zero() {
                    return Err(self.err(&format!(
                        "the denominator {den} is not a power of two (short games have dyadic numbers only)"
                    )));
                }
                let k = den.bits() - 1;
                let k = u32::try_from(k).map_err(|_| self.err("denominator too large"))?;
                number = Dyadic::new(n.clone(), k);
            }
        }
        let wrote_number = self.pos > start;
        let mut extra: Option<GameId> = None;
        let mut up = 0i64;
        let paren_after_up = matches!(self.peek(), Some(Tok::Up | Tok::Down))
            && self.toks.get(self.pos + 1) == Some(&Tok::LParen);
        if paren_after_up && !wrote_number {
            // `^(n)`, `v(n)`: CGSuite's up and down operators on an integer.
            let sign = if self.bump() == Some(&Tok::Up) { 1 } else { -1 };
            up = sign * self.integer_operand(ctx, "`^(n)`", MAX_UP_LITERAL as i64)?;
        } else if let (false, Some(dir @ (Tok::Up | Tok::Down))) = (paren_after_up, self.peek()) {
            let sign: i64 = if *dir == Tok::Up { 1 } else { -1 };
            let mut count = 0u64;
            while self.peek() == Some(dir) {
                self.pos += 1;
                count += 1;
            }
            let closes = |k: usize| {
                matches!(
                    (self.toks.get(k), self.toks.get(k + 1), self.toks.get(k + 2)),
                    (Some(Tok::Lt), Some(Tok::Int(_)), Some(Tok::Gt))
                        | (Some(Tok::LBrack), Some(Tok::Int(_)), Some(Tok::RBrack))
                )
            };
            match self.peek() {
                Some(Tok::Int(_)) if count == 1 => {
                    count = self.small_int("`^`")?;
                    if count > MAX_UP_LITERAL {
                        return Err(self.err(&format!(
                            "{count} ups are too many (at most {MAX_UP_LITERAL} in one literal)"
                        )));
                    }
                }
                Some(open @ (Tok::Lt | Tok::LBrack)) if count == 1 && closes(self.pos) => {
                    let sum = *open == Tok::LBrack;
                    self.pos += 1;
                    let n = self.small_int(if sum { "`^[`" } else { "`^<`" })?;
                    self.expect(if sum { Tok::RBrack } else { Tok::Gt })?;
                    if n == 0 || n > MAX_UP_NTH {
                        let (a, b) = if sum { ("[", "]") } else { ("<", ">") };
                        return Err(self.err(&format!("`^{a}{n}{b}` needs 1 <= n <= {MAX_UP_NTH}")));
                    }
                    let g = if sum { up_sum(ctx, n) } else { up_nth(ctx, n) };
                    extra = Some(if sign < 0 { ctx.neg(g) } else { g });
                    count = 0;
                }
                _ => {}
            }
            up = sign * count as i64;
        }
        let mut nim = 0u64;
        let wrote = self.pos > start;
        let after_star = self.toks.get(self.pos + 1);
        let product_follows = wrote
            && matches!(
                after_star,
                Some(Tok::LBrace | Tok::LParen | Tok::Word(_) | Tok::Up | Tok::Down)
            );
        if self.peek() == Some(&Tok::Star) && !wrote && after_star == Some(&Tok::LParen) {
            // `*(n)`: CGSuite's nimber operator on an integer.
            self.pos += 1;
            let n = self.integer_operand(ctx, "`*(n)`", MAX_NIMBER as i64)?;
            if n < 0 {
                return Err(self.err(&format!("`*(n)` needs n >= 0, not {n}")));
            }
            nim = n as u64;
        } else if let (false, Some(Tok::Star)) = (product_follows, self.peek()) {
            self.pos += 1;
            nim = 1;
            if let Some(Tok::Int(_)) = self.peek() {
                nim = self.small_int("`*`")?;
                if nim > MAX_NIMBER {
                    return Err(self.err(&format!(
                        "*{nim} is too large (canonical forms hold nimbers up to *{MAX_NIMBER})"
                    )));
                }
            }
        }
        if negative {
            number = number.neg();
        }
        let only_number = up == 0 && nim == 0 && extra.is_none();
        let g = ctx.nus(Nus { number, up, nim });
        let mut g = match extra {
            Some(e) => ctx.add(g, e),
            None => g,
        };
        // CGSuite writes `x + Tiny(y)` as `xTiny(y)` (e.g. `3Tiny({3|1})`).
        if only_number {
            if let Some(Tok::Word(w)) = self.peek() {
                if w.eq_ignore_ascii_case("tiny") || w.eq_ignore_ascii_case("miny") {
                    let t = self.atom(ctx)?;
                    g = ctx.add(g, t);
                }
            }
        }
        Ok(g)
    }
}

/// Whether `a rel b`.
pub(super) fn compare(ctx: &mut Context, a: GameId, rel: Relation, b: GameId) -> bool {
    let le = ctx.le(a, b);
    let ge = ctx.le(b, a);
    match rel {
        Relation::Le => le,
        Relation::Ge => ge,
        Relation::Lt => le && !ge,
        Relation::Gt => ge && !le,
        Relation::Eq => le && ge,
        Relation::Ne => !(le && ge),
        Relation::LessOrConfused => !ge,
        Relation::GreaterOrConfused => !le,
        Relation::Confused => !le && !ge,
    }
}

/// Whether `toks` write a number literal alone: `5`, `-3`, `-3/4`.
fn number_literal(toks: &[Tok]) -> bool {
    let toks = toks.strip_prefix(&[Tok::Minus]).unwrap_or(toks);
    matches!(toks, [Tok::Int(_)] | [Tok::Int(_), Tok::Frac, Tok::Int(_)])
}
