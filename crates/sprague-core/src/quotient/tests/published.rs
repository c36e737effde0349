//! Published quotients.
