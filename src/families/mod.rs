//! The game families rollx models, each in its own folder over the shared
//! core.

pub mod rolling;
