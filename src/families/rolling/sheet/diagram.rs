//! A map without geometry on a sheet: every area a framed writing box on
//! its own slot of a grid of slots (see [`super::auto`]), neighbours joined
//! by lines, links by dashed lines.

use super::draw::{INK, SOFT, Sheet};
use super::mono::hatch;
use crate::print::{Capacity, Drawing};
use crate::rolling::map::AreaId;
use crate::scene::{Item, Path, Point, Rect, Stroke, Style};

/// A frame's side as a multiple of its writing box's.
const FRAME: f32 = 1.3;
/// The distance between slots as a multiple of a writing box's side: the
/// frame and a gap for the lines between frames.
const PITCH: f32 = 1.85;

/// Columns and rows of slots that fit `bounds` with writing boxes of side
/// `size`.
fn slot_grid(bounds: Rect, size: f32) -> (usize, usize) {
    let pitch = size * PITCH;
    (
        (bounds.w / pitch).floor() as usize,
        (bounds.h / pitch).floor() as usize,
    )
}

impl Sheet<'_> {
    pub(super) fn diagram(&mut self, bounds: Rect) {
        let n = self.map.areas.len();
        let count = |size: f32| {
            let (c, r) = slot_grid(bounds, size);
            c * r
        };
        self.capacity = Capacity::Diagram {
            areas: n,
            max_areas: count(self.t.min_box),
        };
        // The largest boxes that leave three slots per area (room for the
        // diagram to keep its shape), else the template's least, else
        // smaller ones: the print checks then refuse them.
        let mut size = self.t.max_box.max(self.t.min_box);
        let spare = n * 3;
        while size > self.t.min_box && count(size) < spare {
            size -= 0.25;
        }
        size = size.max(self.t.min_box.min(self.t.max_box));
        while count(size) < n.max(1) && size > 1.0 {
            size -= 0.25;
        }
        self.box_size = size;
        self.fit_codes(size);
        let (columns, rows) = slot_grid(bounds, size);
        // Boxes below the template's least are refused by the print checks
        // whatever the diagram looks like: it is not worked out.
        if columns * rows < n || size + 1e-3 < self.t.min_box {
            return;
        }
        let (pitch_x, pitch_y) = (bounds.w / columns as f32, bounds.h / rows as f32);
        let frame = size * FRAME;
        let slots = self.diagrams.slots(
            self.map,
            columns,
            rows,
            f64::from(frame / pitch_x.min(pitch_y)),
        );
        let center = |a: AreaId| {
            let (c, r) = slots.at[a.index()];
            Point::new(
                bounds.x + (c as f32 + 0.5) * pitch_x,
                bounds.y + (r as f32 + 0.5) * pitch_y,
            )
        };
        let frames: Vec<Rect> = self
            .map
            .area_ids()
            .map(|a| {
                let c = center(a);
                Rect::new(c.x - frame / 2.0, c.y - frame / 2.0, frame, frame)
            })
            .collect();

        // Lines first: the frames are drawn over their ends.
        let mut lines = Path::new();
        for (a, b) in self.map.edges() {
            if !self.map.links.iter().any(|l| l.a == a && l.b == b) {
                lines.segs.extend(Path::line(center(a), center(b)).segs);
            }
        }
        self.canvas.items.push(Item::Path(
            lines,
            Style::stroke(Stroke::solid(SOFT, self.t.lines.area * 1.5)),
        ));
        for link in &self.map.links {
            let path = Path::line(center(link.a), center(link.b));
            self.link(link.a, link.b, path, &frames, &[]);
        }

        for a in self.map.area_ids() {
            let r = frames[a.index()];
            let region = self.map.area(a).region.index();
            self.canvas.items.push(Item::Path(
                Path::rect(r),
                Style::fill_stroke(
                    self.colors[region].1,
                    Stroke::solid(INK, self.t.lines.region),
                ),
            ));
            if self.mono {
                self.canvas.items.push(Item::Clip(
                    Path::rect(r),
                    hatch(region, r, self.t.hatch_line()),
                ));
            }
            let id = self.map.area(a).id.clone();
            self.canvas.about = super::layout::About::Area(a);
            let owner = self.mark(
                crate::print::MarkKind::Frame,
                format!("the frame of {id}"),
                r,
                None,
            );
            self.writing_box(a, center(a), size, Some(owner));
        }
    }
}
