//! `simulate --plot FILE.svg`: the cumulative net per seat (or per bot) over the hands, drawn
//! with `plotters`' SVG backend (no fonts needed: text is left to the SVG viewer).

use plotters::prelude::*;

/// Most points kept per line: enough for a smooth chart of any run, in bounded memory.
const MAX_POINTS: usize = 2000;

/// Cumulative sums, sampled every `stride` hands; the stride doubles (and every other point
/// is dropped) whenever the points would pass [`MAX_POINTS`].
pub struct Cumulative {
    sums: Vec<i64>,
    hands: u64,
    stride: u64,
    points: Vec<(u64, Vec<i64>)>,
}

impl Cumulative {
    /// Starts at zero for `lines` lines.
    pub fn new(lines: usize) -> Cumulative {
        Cumulative {
            sums: vec![0; lines],
            hands: 0,
            stride: 1,
            points: vec![(0, vec![0; lines])],
        }
    }

    /// Adds one hand's net results.
    pub fn add(&mut self, net: &[i64]) {
        for (s, n) in self.sums.iter_mut().zip(net) {
            *s += n;
        }
        self.hands += 1;
        if self.hands.is_multiple_of(self.stride) {
            self.points.push((self.hands, self.sums.clone()));
            if self.points.len() > MAX_POINTS {
                let mut i = 0;
                self.points.retain(|_| {
                    i += 1;
                    i % 2 == 1
                });
                self.stride *= 2;
            }
        }
    }

    /// The sampled points, the last hand included.
    pub fn points(&self) -> Vec<(u64, Vec<i64>)> {
        let mut p = self.points.clone();
        if p.last().is_some_and(|(h, _)| *h != self.hands) {
            p.push((self.hands, self.sums.clone()));
        }
        p
    }

    /// Draws the chart into an SVG file.
    pub fn draw(&self, labels: &[String], title: &str) -> Result<String, String> {
        let mut svg = String::new();
        self.draw_into(&mut svg, labels, title)?;
        Ok(svg)
    }

    /// Draws into `svg` (the backend borrows it until it is dropped).
    fn draw_into(&self, svg: &mut String, labels: &[String], title: &str) -> Result<(), String> {
        let points = self.points();
        let (lo, hi) = points
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .fold((0i64, 0i64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let pad = ((hi - lo) / 20).max(1);
        let root = SVGBackend::with_string(svg, (900, 520)).into_drawing_area();
        let e = |e: &dyn std::fmt::Display| e.to_string();
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0u64..self.hands.max(1), (lo - pad)..(hi + pad))
            .map_err(|x| e(&x))?;
        chart
            .configure_mesh()
            .x_desc("hands played")
            .y_desc("cumulative net")
            .draw()
            .map_err(|x| e(&x))?;
        for (i, label) in labels.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    points.iter().map(|(h, v)| (*h, v[i])),
                    color.stroke_width(2),
                ))
                .map_err(|x| e(&x))?
                .label(label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|x| e(&x))?;
        root.present().map_err(|x| e(&x))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_thin_out_but_keep_the_ends() {
        let mut c = Cumulative::new(2);
        for _ in 0..10_001 {
            c.add(&[3, -3]);
        }
        let p = c.points();
        assert!(p.len() <= MAX_POINTS + 1, "{}", p.len());
        assert_eq!(p[0], (0, vec![0, 0]));
        assert_eq!(p.last().unwrap(), &(10_001, vec![30_003, -30_003]));
        assert!(p.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
