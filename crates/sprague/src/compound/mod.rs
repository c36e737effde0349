//! Compounds over any impartial ruleset (GAMES.md A16, A17): every-move sums (Every-SG) and
//! misère sums (SJ theorem where proven, exact search elsewhere). (Issue 3.)
