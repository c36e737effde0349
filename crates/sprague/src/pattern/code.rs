//! A pattern as a small program: one expression tree that is printed as C++ and as Python
//! and evaluated here exactly as those programs compute it (64-bit integers, as C++'s
//! `long long`: a value that leaves that range is an error, not a wrapped number), so that
//! the code a contestant pastes is the code that was checked against the table.
//!
//! Divisions and remainders only ever see non-negative operands (the patterns guard them),
//! where C++'s truncating and Python's flooring operators agree; the evaluator refuses any
//! other case.

pub use super::helpers::{Func, Helper, Pred};
use std::fmt::Write as _;

/// A variable of the function: the heap `n`, or the heaps `a` and `b` of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var {
    /// The heap of a one-heap game.
    N,
    /// The first heap of a pair.
    A,
    /// The second heap of a pair.
    B,
    /// The smaller heap of a pair, `min(a, b)` (computed once, before the return).
    Lo,
    /// The larger heap of a pair, `max(a, b)`.
    Hi,
}

impl Var {
    fn name(self) -> &'static str {
        match self {
            Var::N => "n",
            Var::A => "a",
            Var::B => "b",
            Var::Lo => "lo",
            Var::Hi => "hi",
        }
    }
}

/// An integer expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A variable.
    Var(Var),
    /// A constant.
    Int(i64),
    /// Sum.
    Add(Box<Expr>, Box<Expr>),
    /// Difference.
    Sub(Box<Expr>, Box<Expr>),
    /// Product.
    Mul(Box<Expr>, Box<Expr>),
    /// Quotient of non-negative numbers.
    Div(Box<Expr>, Box<Expr>),
    /// Remainder of non-negative numbers.
    Mod(Box<Expr>, Box<Expr>),
    /// The smaller of two.
    Min(Box<Expr>, Box<Expr>),
    /// The larger of two.
    Max(Box<Expr>, Box<Expr>),
    /// A function of one non-negative number (`⌊√x⌋`, `v₂(x)`, ...), printed as a helper
    /// that is exact for every 64-bit input ([`Func`]).
    Call(Func, Box<Expr>),
    /// An entry of one of the function's tables.
    Table(usize, Box<Expr>),
    /// `if cond then a else b`.
    If(Box<Cond>, Box<Expr>, Box<Expr>),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// `x < y`.
    Lt(Expr, Expr),
    /// `x == y`.
    Eq(Expr, Expr),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Either.
    Or(Box<Cond>, Box<Cond>),
    /// Not.
    Not(Box<Cond>),
    /// A predicate printed as a helper exact for every 64-bit input ([`Pred`]).
    Test(Pred, Vec<Expr>),
}

/// What the function returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A number (a Grundy value).
    Int(Expr),
    /// A truth value (a P-position, a first-player win).
    Bool(Cond),
}

/// A function of the heaps: name, parameters, constant tables, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Its name (`grundy`, `first_player_wins`, `is_p_position`).
    pub name: &'static str,
    /// Its parameters.
    pub params: Vec<Var>,
    /// Its tables, `T0`, `T1`, ...
    pub tables: Vec<Vec<i64>>,
    /// What it returns.
    pub body: Body,
}

/// The value of a function on some arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A number.
    Int(i64),
    /// A truth value.
    Bool(bool),
}

// Shorthands that build trees.
pub(crate) fn var(v: Var) -> Expr {
    Expr::Var(v)
}
pub(crate) fn int(k: i64) -> Expr {
    Expr::Int(k)
}
pub(crate) fn add(x: Expr, y: Expr) -> Expr {
    Expr::Add(Box::new(x), Box::new(y))
}
pub(crate) fn sub(x: Expr, y: Expr) -> Expr {
    Expr::Sub(Box::new(x), Box::new(y))
}
pub(crate) fn mul(x: Expr, y: Expr) -> Expr {
    Expr::Mul(Box::new(x), Box::new(y))
}
pub(crate) fn div(x: Expr, y: Expr) -> Expr {
    Expr::Div(Box::new(x), Box::new(y))
}
pub(crate) fn rem(x: Expr, y: Expr) -> Expr {
    Expr::Mod(Box::new(x), Box::new(y))
}
pub(crate) fn call(f: Func, x: Expr) -> Expr {
    Expr::Call(f, Box::new(x))
}
pub(crate) fn not(x: Cond) -> Cond {
    Cond::Not(Box::new(x))
}
pub(crate) fn table(t: usize, i: Expr) -> Expr {
    Expr::Table(t, Box::new(i))
}
pub(crate) fn if_(c: Cond, x: Expr, y: Expr) -> Expr {
    Expr::If(Box::new(c), Box::new(x), Box::new(y))
}
pub(crate) fn and(x: Cond, y: Cond) -> Cond {
    Cond::And(Box::new(x), Box::new(y))
}
pub(crate) fn or(x: Cond, y: Cond) -> Cond {
    Cond::Or(Box::new(x), Box::new(y))
}

impl Function {
    /// The function's value on `args` (one per parameter), computed as the printed code
    /// computes it; an error names what the code would do wrong (overflow, a negative
    /// division, an index outside a table).
    pub fn eval(&self, args: &[i64]) -> Result<Answer, String> {
        let arg = |v: Var| {
            self.params
                .iter()
                .position(|&p| p == v)
                .and_then(|i| args.get(i).copied())
                .ok_or_else(|| format!("no value for `{}`", v.name()))
        };
        let env = |v: Var| match v {
            Var::Lo => Ok(arg(Var::A)?.min(arg(Var::B)?)),
            Var::Hi => Ok(arg(Var::A)?.max(arg(Var::B)?)),
            v => arg(v),
        };
        match &self.body {
            Body::Int(e) => self.expr(e, &env).map(Answer::Int),
            Body::Bool(c) => self.cond(c, &env).map(Answer::Bool),
        }
    }

    fn expr(&self, e: &Expr, env: &dyn Fn(Var) -> Result<i64, String>) -> Result<i64, String> {
        let fit = |v: i128| i64::try_from(v).map_err(|_| format!("{v} overflows 64 bits"));
        let two = |x: &Expr, y: &Expr| -> Result<(i128, i128), String> {
            Ok((self.expr(x, env)? as i128, self.expr(y, env)? as i128))
        };
        Ok(match e {
            Expr::Var(v) => env(*v)?,
            Expr::Int(k) => *k,
            Expr::Add(x, y) => two(x, y).and_then(|(x, y)| fit(x + y))?,
            Expr::Sub(x, y) => two(x, y).and_then(|(x, y)| fit(x - y))?,
            Expr::Mul(x, y) => two(x, y).and_then(|(x, y)| fit(x * y))?,
            Expr::Div(x, y) | Expr::Mod(x, y) => {
                let (x, y) = two(x, y)?;
                if x < 0 || y <= 0 {
                    return Err(format!("division of {x} by {y}"));
                }
                fit(if matches!(e, Expr::Div(..)) {
                    x / y
                } else {
                    x % y
                })?
            }
            Expr::Min(x, y) => two(x, y).and_then(|(x, y)| fit(x.min(y)))?,
            Expr::Max(x, y) => two(x, y).and_then(|(x, y)| fit(x.max(y)))?,
            Expr::Call(f, x) => f.eval(self.expr(x, env)?)?,
            Expr::Table(t, i) => {
                let i = self.expr(i, env)?;
                let table = self.tables.get(*t).ok_or("no such table")?;
                *usize::try_from(i)
                    .ok()
                    .and_then(|i| table.get(i))
                    .ok_or_else(|| format!("index {i} outside T{t}"))?
            }
            Expr::If(c, x, y) => {
                if self.cond(c, env)? {
                    self.expr(x, env)?
                } else {
                    self.expr(y, env)?
                }
            }
        })
    }

    fn cond(&self, c: &Cond, env: &dyn Fn(Var) -> Result<i64, String>) -> Result<bool, String> {
        Ok(match c {
            Cond::Lt(x, y) => self.expr(x, env)? < self.expr(y, env)?,
            Cond::Eq(x, y) => self.expr(x, env)? == self.expr(y, env)?,
            Cond::And(x, y) => self.cond(x, env)? && self.cond(y, env)?,
            Cond::Or(x, y) => self.cond(x, env)? || self.cond(y, env)?,
            Cond::Not(x) => !self.cond(x, env)?,
            Cond::Test(p, args) => {
                let args = args
                    .iter()
                    .map(|a| self.expr(a, env))
                    .collect::<Result<Vec<_>, _>>()?;
                p.eval(&args)?
            }
        })
    }

    /// The helpers the body calls, each once, in a fixed order.
    fn helpers(&self) -> Vec<Helper> {
        let mut out = Vec::new();
        for f in Func::ALL {
            if self.uses(&|x| matches!(x, Expr::Call(g, _) if *g == f)) {
                out.push(Helper::Func(f));
            }
        }
        for p in Pred::ALL {
            if self.uses_pred(p) {
                out.push(Helper::Pred(p));
            }
        }
        out
    }

    fn uses_pred(&self, p: Pred) -> bool {
        self.any_node(&|_| false, &|x| matches!(x, Cond::Test(q, _) if *q == p))
    }

    fn uses_lo_hi(&self) -> bool {
        self.uses(&|x| matches!(x, Expr::Var(Var::Lo | Var::Hi)))
    }

    /// Whether some expression node of the body is `wanted`.
    fn uses(&self, wanted: &dyn Fn(&Expr) -> bool) -> bool {
        self.any_node(wanted, &|_| false)
    }

    /// Whether some node of the body is an expression `on_expr` accepts or a condition
    /// `on_cond` accepts.
    fn any_node(&self, on_expr: &dyn Fn(&Expr) -> bool, on_cond: &dyn Fn(&Cond) -> bool) -> bool {
        type Wanted<'a> = (&'a dyn Fn(&Expr) -> bool, &'a dyn Fn(&Cond) -> bool);
        fn e(x: &Expr, w: Wanted) -> bool {
            if (w.0)(x) {
                return true;
            }
            match x {
                Expr::Var(_) | Expr::Int(_) => false,
                Expr::Add(x, y)
                | Expr::Sub(x, y)
                | Expr::Mul(x, y)
                | Expr::Div(x, y)
                | Expr::Mod(x, y)
                | Expr::Min(x, y)
                | Expr::Max(x, y) => e(x, w) || e(y, w),
                Expr::Call(_, i) | Expr::Table(_, i) => e(i, w),
                Expr::If(k, x, y) => c(k, w) || e(x, w) || e(y, w),
            }
        }
        fn c(x: &Cond, w: Wanted) -> bool {
            if (w.1)(x) {
                return true;
            }
            match x {
                Cond::Lt(x, y) | Cond::Eq(x, y) => e(x, w) || e(y, w),
                Cond::And(x, y) | Cond::Or(x, y) => c(x, w) || c(y, w),
                Cond::Not(x) => c(x, w),
                Cond::Test(_, args) => args.iter().any(|a| e(a, w)),
            }
        }
        let w = (on_expr, on_cond);
        match &self.body {
            Body::Int(x) => e(x, w),
            Body::Bool(x) => c(x, w),
        }
    }

    /// How many table entries the code holds.
    pub fn table_entries(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }

    /// The function in C++ (a comment line first, `long long` arithmetic).
    pub fn cpp(&self, comment: &str) -> String {
        let mut out = String::new();
        if self.uses_lo_hi() {
            out.push_str("#include <algorithm>\n");
        }
        for h in self.helpers() {
            out.push_str(h.cpp());
            out.push('\n');
        }
        for line in comment.lines() {
            let _ = writeln!(out, "// {line}");
        }
        for (i, t) in self.tables.iter().enumerate() {
            let _ = writeln!(
                out,
                "static const long long T{i}[{}] = {{{}}};",
                t.len(),
                wrap(t, "    ")
            );
        }
        let (ret, body) = match &self.body {
            Body::Int(e) => ("long long", cpp_expr(e)),
            Body::Bool(c) => ("bool", cpp_cond(c)),
        };
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("long long {}", p.name()))
            .collect();
        let prelude = if self.uses_lo_hi() {
            "    long long lo = std::min(a, b), hi = std::max(a, b);\n"
        } else {
            ""
        };
        let _ = write!(
            out,
            "{ret} {}({}) {{\n{prelude}    return {body};\n}}\n",
            self.name,
            params.join(", ")
        );
        out
    }

    /// The function in Python 3.
    pub fn python(&self, comment: &str) -> String {
        let mut out = String::new();
        let helpers = self.helpers();
        if helpers.iter().any(|h| h.python().contains("math.")) {
            out.push_str("import math\n\n");
        }
        for h in helpers {
            out.push_str(h.python());
            out.push('\n');
        }
        for line in comment.lines() {
            let _ = writeln!(out, "# {line}");
        }
        for (i, t) in self.tables.iter().enumerate() {
            let _ = writeln!(out, "T{i} = ({},)", wrap(t, "    "));
        }
        let body = match &self.body {
            Body::Int(e) => py_expr(e),
            Body::Bool(c) => py_cond(c),
        };
        let params: Vec<&str> = self.params.iter().map(|p| p.name()).collect();
        let prelude = if self.uses_lo_hi() {
            "    lo, hi = min(a, b), max(a, b)\n"
        } else {
            ""
        };
        let _ = write!(
            out,
            "def {}({}):\n{prelude}    return {body}\n",
            self.name,
            params.join(", ")
        );
        out
    }
}

/// Numbers separated by commas, 20 to a line.
fn wrap(values: &[i64], indent: &str) -> String {
    let mut out = String::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 20 == 0 { ",\n" } else { ", " });
            if i % 20 == 0 {
                out.push_str(indent);
            }
        }
        let _ = write!(out, "{v}");
    }
    out
}

fn cpp_expr(e: &Expr) -> String {
    let bin = |x: &Expr, op: &str, y: &Expr| format!("({} {op} {})", cpp_expr(x), cpp_expr(y));
    match e {
        Expr::Var(v) => v.name().to_string(),
        Expr::Int(k) => format!("{k}LL"),
        Expr::Add(x, y) => bin(x, "+", y),
        Expr::Sub(x, y) => bin(x, "-", y),
        Expr::Mul(x, y) => bin(x, "*", y),
        Expr::Div(x, y) => bin(x, "/", y),
        Expr::Mod(x, y) => bin(x, "%", y),
        Expr::Min(x, y) => format!("std::min({}, {})", cpp_expr(x), cpp_expr(y)),
        Expr::Max(x, y) => format!("std::max({}, {})", cpp_expr(x), cpp_expr(y)),
        Expr::Call(f, x) => format!("{}({})", f.name(), cpp_expr(x)),
        Expr::Table(t, i) => format!("T{t}[{}]", cpp_expr(i)),
        Expr::If(c, x, y) => format!("({} ? {} : {})", cpp_cond(c), cpp_expr(x), cpp_expr(y)),
    }
}

fn cpp_cond(c: &Cond) -> String {
    match c {
        Cond::Lt(x, y) => format!("{} < {}", cpp_expr(x), cpp_expr(y)),
        Cond::Eq(x, y) => format!("{} == {}", cpp_expr(x), cpp_expr(y)),
        Cond::And(x, y) => format!("({} && {})", cpp_cond(x), cpp_cond(y)),
        Cond::Or(x, y) => format!("({} || {})", cpp_cond(x), cpp_cond(y)),
        Cond::Not(x) => format!("!({})", cpp_cond(x)),
        Cond::Test(p, args) => format!(
            "{}({})",
            p.name(),
            args.iter().map(cpp_expr).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn py_expr(e: &Expr) -> String {
    let bin = |x: &Expr, op: &str, y: &Expr| format!("({} {op} {})", py_expr(x), py_expr(y));
    match e {
        Expr::Var(v) => v.name().to_string(),
        Expr::Int(k) => k.to_string(),
        Expr::Add(x, y) => bin(x, "+", y),
        Expr::Sub(x, y) => bin(x, "-", y),
        Expr::Mul(x, y) => bin(x, "*", y),
        Expr::Div(x, y) => bin(x, "//", y),
        Expr::Mod(x, y) => bin(x, "%", y),
        Expr::Min(x, y) => format!("min({}, {})", py_expr(x), py_expr(y)),
        Expr::Max(x, y) => format!("max({}, {})", py_expr(x), py_expr(y)),
        Expr::Call(f, x) => format!("{}({})", f.name(), py_expr(x)),
        Expr::Table(t, i) => format!("T{t}[{}]", py_expr(i)),
        Expr::If(c, x, y) => format!("({} if {} else {})", py_expr(x), py_cond(c), py_expr(y)),
    }
}

fn py_cond(c: &Cond) -> String {
    match c {
        Cond::Lt(x, y) => format!("{} < {}", py_expr(x), py_expr(y)),
        Cond::Eq(x, y) => format!("{} == {}", py_expr(x), py_expr(y)),
        Cond::And(x, y) => format!("({} and {})", py_cond(x), py_cond(y)),
        Cond::Or(x, y) => format!("({} or {})", py_cond(x), py_cond(y)),
        Cond::Not(x) => format!("(not {})", py_cond(x)),
        Cond::Test(p, args) => format!(
            "{}({})",
            p.name(),
            args.iter().map(py_expr).collect::<Vec<_>>().join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluation_and_printing_agree_on_a_sample() {
        // g(n) = T0[n] for n < 2, else T1[(n - 2) % 3] + 2 * ((n - 2) / 3)
        let m = sub(var(Var::N), int(2));
        let f = Function {
            name: "grundy",
            params: vec![Var::N],
            tables: vec![vec![5, 6], vec![0, 1, 1]],
            body: Body::Int(if_(
                Cond::Lt(var(Var::N), int(2)),
                table(0, var(Var::N)),
                add(
                    table(1, rem(m.clone(), int(3))),
                    mul(int(2), div(m, int(3))),
                ),
            )),
        };
        let got: Vec<Answer> = (0..8).map(|n| f.eval(&[n]).unwrap()).collect();
        let want: Vec<Answer> = [5, 6, 0, 1, 1, 2, 3, 3].map(Answer::Int).to_vec();
        assert_eq!(got, want);
        let py = f.python("sample");
        assert!(py.contains("def grundy(n):"), "{py}");
        assert!(py.contains("(T0[n] if n < 2 else"), "{py}");
        let cpp = f.cpp("sample");
        assert!(cpp.contains("long long grundy(long long n)"), "{cpp}");
        assert!(
            cpp.contains("static const long long T1[3] = {0, 1, 1};"),
            "{cpp}"
        );
    }

    #[test]
    fn overflow_and_bad_division_are_errors() {
        let f = Function {
            name: "f",
            params: vec![Var::N],
            tables: vec![],
            body: Body::Int(mul(var(Var::N), var(Var::N))),
        };
        assert!(f.eval(&[1 << 40]).is_err());
        let g = Function {
            body: Body::Int(rem(var(Var::N), int(3))),
            ..f.clone()
        };
        assert!(g.eval(&[-1]).is_err());
    }

    #[test]
    fn integer_square_roots_are_exact() {
        for x in [
            0i64,
            1,
            2,
            3,
            4,
            15,
            16,
            17,
            99_999_999_999,
            (1 << 62) - 1,
            i64::MAX,
        ] {
            let r = Func::Isqrt.eval(x).unwrap() as i128;
            assert!(r * r <= x as i128 && (r + 1) * (r + 1) > x as i128, "{x}");
        }
    }
}
