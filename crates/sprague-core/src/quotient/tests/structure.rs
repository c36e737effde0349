//! Tame quotients, presentations, checkpoints, limits, and periods not claimed.
