//! The Rolling family's face: what the commands reach it by.

use std::path::Path;

use crate::diag::Diagnostic;
use crate::families::{Checked, Face, FamilyReport, Model, Printed};
use crate::print::{PrintOptions, Template};
use crate::source::Files;

use super::map::{Map, Report};

/// The Rolling family.
pub(crate) struct Rolling;

impl FamilyReport for Report {
    fn file(&self) -> &str {
        &self.file
    }
    fn summary(&self) -> String {
        Report::summary(self)
    }
}

impl Face for Rolling {
    fn name(&self) -> &'static str {
        "rolling"
    }

    fn title(&self) -> &'static str {
        "Rolling"
    }

    fn noun(&self) -> &'static str {
        "map"
    }

    fn check(&self, files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
        let mut c = super::map::check_bytes(files, path, bytes);
        super::limits::add_limits(&mut c);
        let model = c
            .map
            .map(|m| Model::new(super::FAMILY, &m.info.name.clone(), &m.info.id.clone(), m));
        Checked::new(super::FAMILY, &c.report, c.sources, c.diagnostics, model)
    }

    fn print(
        &self,
        model: &Model,
        template: &Template,
        options: &PrintOptions,
    ) -> Result<Printed, Vec<Diagnostic>> {
        let map: &Map = model.get().expect("a Rolling model");
        super::sheet::print(map, template, options).map(Printed::from)
    }

    fn no_generator(&self) -> &'static str {
        "a Rolling map is drawn from real geography (docs/map-format.md)"
    }
}
