//! Rulesets as data: a preset plus options, loadable from TOML and overridable per call.
//!
//! Option names are public (JSON `options`, TOML `[options]`): they are the names used in
//! `shared/rules/classical-millington.md`. Unknown options and wrong types are errors that
//! name the option.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{LazyLock, OnceLock};

use mahjong_tiles::Wind;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toml::Spanned;

pub use crate::families::Options;

/// Why a ruleset could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// The preset name is not known.
    #[error("unknown ruleset {0:?} (presets: {presets})", presets = PRESETS.join(", "))]
    UnknownPreset(String),
    /// An option name is not known to the ruleset's family.
    #[error("options.{name}: unknown option (known: {known})")]
    UnknownOption {
        /// The unknown name.
        name: String,
        /// The options the family has.
        known: String,
    },
    /// An option has a value of the wrong type or out of range.
    #[error("options.{name}: {message}")]
    BadValue {
        /// The option.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A ruleset file could not be read or parsed.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The preset names, in registry order (public interface).
pub static PRESETS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    crate::families::all_presets()
        .map(|(_, p)| p.name)
        .collect()
});

/// The dead wall (M22).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeadWall {
    /// 16 tiles at the end of the wall, not replenished (Millington).
    #[serde(rename = "16-fixed")]
    Fixed16,
    /// 14 tiles, two moved from the live wall after every two loose tiles (Bradfield).
    #[serde(rename = "14-replenished")]
    Replenished14,
    /// No dead wall: loose tiles come from the end of the live wall.
    #[serde(rename = "none")]
    None,
    /// The last 13 tiles are never drawn (K3-D `ghost_wall`, the K3-O dora wall); loose
    /// tiles come from the end of the rest.
    #[serde(rename = "13-unused")]
    Unused13,
    /// The last 14 tiles are never drawn (J3-T2's dead wall: the indicators; loose tiles
    /// come from the end of the rest, which keeps the dead wall at 14 as replenishing does).
    #[serde(rename = "14-unused")]
    Unused14,
}

impl DeadWall {
    /// How many tiles at the end of the wall are never drawn.
    pub fn unused(self) -> usize {
        match self {
            DeadWall::Unused13 => 13,
            DeadWall::Unused14 => 14,
            DeadWall::Fixed16 | DeadWall::Replenished14 | DeadWall::None => 0,
        }
    }
}

/// M12–M13: a game is 1, 2 or a multiple of 4 rounds.
pub(crate) fn check_rounds(rounds: u32) -> Result<(), RulesetError> {
    if rounds == 1 || rounds == 2 || (rounds > 0 && rounds.is_multiple_of(4)) {
        Ok(())
    } else {
        Err(RulesetError::BadValue {
            name: "rounds".into(),
            message: "must be 1, 2 or a multiple of 4".into(),
        })
    }
}

/// What the game engine needs from a ruleset, whatever its family: the generic parts of
/// play. What a family decides during play comes through its [`crate::PlayHooks`]
/// ([`Ruleset::play_hooks`]); how the deal moves, through [`Ruleset::dealer_keeps`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// Number of players.
    pub seats: usize,
    /// Rounds in a game.
    pub rounds: u32,
    /// The dead wall.
    pub dead_wall: DeadWall,
    /// Bonus tiles replaced from the dead wall.
    pub bonus_from_loose: bool,
    /// Seven pairs is a complete hand.
    pub seven_pairs: bool,
    /// A just-claimed pung may be extended.
    pub annex_claimed_pung: bool,
    /// Hands are revealed after a washout.
    pub show_on_washout: bool,
    /// Seconds to claim a discard at a networked table (0: no timer); local play ignores it.
    pub claim_seconds: u32,
    /// Seat winds in seating order from the dealer (the first `seats` are used); the
    /// prevailing wind of round `r` is entry `r % seats`.
    pub winds: [Wind; 4],
    /// A discard may be claimed for a chow (K3-P3: not in the three-player game, except to
    /// win).
    pub chow_claims: bool,
    /// The dealer's throw alone breaks the wall (K3-D); otherwise a second throw adds to it.
    pub single_throw: bool,
    /// The tile set's wild tiles (`JK`) and their limits (MY3-J); `None` where the set has
    /// none. A joker is held, discarded and set aside like a tile, stands in claimed
    /// pungs and chows, and never in a kong.
    pub jokers: Option<mahjong_hands::JokerRules>,
    /// A discarded joker may be claimed (MY3-J7 option `claim_discarded_joker`): for a win,
    /// standing for a tile that completes the hand, or for a pung or a chow, as the one
    /// joker it may hold.
    pub claim_jokers: bool,
    /// A player may, in his turn, put a natural tile he holds into his own exposed pung in
    /// place of a joker standing there, and take the joker into his hand (MY3-J5, option
    /// `joker_swap`).
    pub joker_swap: bool,
    /// Any player whose hand the tile completes may rob a concealed kong, as an added one
    /// (MY3-P4, option `rob_concealed_kong`); otherwise only a Thirteen Orphans hand may
    /// (M57–M60).
    pub rob_concealed_kong: bool,
    /// The prevailing wind moves with the rounds (entry `r % seats` of `winds`); `false`:
    /// it stays the first (MY3-M2: East all game).
    pub prevailing_rotates: bool,
    /// A game ends after this many hands whatever its rounds (MY3-M3 counts hands).
    pub hands: Option<u32>,
    /// The family lets a player set tiles aside in his turn for a loose tile (J3-T4's
    /// North; which ones, when: [`crate::PlayHooks::may_set_aside`]). Jokers set aside
    /// (MY3-J6) come with [`PlayRules::jokers`].
    pub set_aside: bool,
}

pub(crate) fn default_claim_seconds() -> u32 {
    10
}

impl PlayRules {
    /// The four-seat play of the classical and Western games, for fields a family does not
    /// set itself.
    pub(crate) fn four_seats() -> PlayRules {
        PlayRules {
            seats: 4,
            rounds: 4,
            dead_wall: DeadWall::Fixed16,
            bonus_from_loose: false,
            seven_pairs: false,
            annex_claimed_pung: false,
            show_on_washout: false,
            claim_seconds: 10,
            winds: Wind::ALL,
            chow_claims: true,
            single_throw: false,
            jokers: None,
            claim_jokers: false,
            joker_swap: false,
            rob_concealed_kong: false,
            prevailing_rotates: true,
            hands: None,
            set_aside: false,
        }
    }
}

/// A ruleset: a name, the preset it starts from, and every option's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    /// Display name (the preset's, or the `name` of a ruleset file).
    pub name: String,
    /// The preset the options start from.
    pub preset: String,
    /// Family and option values.
    #[serde(flatten)]
    pub options: Options,
}

/// A ruleset file, built-in preset or user's: an optional `name` and `description`, what it
/// starts from (`base` — or its older spelling `preset` — naming a preset or another file;
/// or `family` with every option given), and an `[options]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesetFile {
    name: Option<String>,
    description: Option<String>,
    base: Option<Spanned<String>>,
    preset: Option<Spanned<String>>,
    family: Option<Spanned<String>>,
    #[serde(default)]
    options: BTreeMap<Spanned<String>, toml::Value>,
}

/// A built-in preset as `mahjong ruleset list` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PresetInfo {
    /// The preset's name.
    pub name: &'static str,
    /// Its family.
    pub family: &'static str,
    /// One line on what it is.
    pub description: String,
}

/// Every built-in preset, in registry order.
pub fn presets() -> Vec<PresetInfo> {
    crate::families::all_presets()
        .map(|(family, p)| PresetInfo {
            name: p.name,
            family,
            description: parse_file(p.text)
                .ok()
                .and_then(|f| f.description)
                .unwrap_or_default(),
        })
        .collect()
}

/// The built-in presets, each parsed once when first asked for (presets are resolved per
/// game and per batch line; a process that scores one table parses only its preset).
type CachedPreset = (
    &'static str,
    &'static str,
    OnceLock<Result<Ruleset, RulesetError>>,
);
static PRESET_CACHE: LazyLock<Vec<CachedPreset>> = LazyLock::new(|| {
    crate::families::all_presets()
        .map(|(_, p)| (p.name, p.text, OnceLock::new()))
        .collect()
});

/// How deep `base =` may chain (a file naming itself is refused, not followed forever).
const MAX_BASE_DEPTH: usize = 8;

fn parse_file(text: &str) -> Result<RulesetFile, RulesetError> {
    toml::from_str(text).map_err(|e| RulesetError::File {
        path: "<toml>".into(),
        message: toml_error(text, &e),
    })
}

/// A TOML error as "line N: what" (the parser's message without its source excerpt).
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    match e.span() {
        Some(span) => format!("line {}: {}", line_of(text, span.start), e.message()),
        None => e.message().to_string(),
    }
}

/// A ruleset name no preset could have: a file name ending `.toml`, or one with a directory.
fn looks_like_path(name: &str) -> bool {
    name.ends_with(".toml") || name.contains('/') || name.contains('\\')
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Applies a file's `[options]` to `r`; on error, the problem on the file's earliest line
/// with that line. [`Ruleset::apply`] checks options in name order and stops at the first
/// bad one, so each bad option is left out in turn to find the others.
fn apply_first_in_file(
    r: &mut Ruleset,
    overrides: &Map<String, Value>,
    line_in_file: impl Fn(&str) -> Option<usize>,
) -> Result<(), (usize, RulesetError)> {
    let first = match r.apply(overrides) {
        Ok(()) => return Ok(()),
        Err(e) => e,
    };
    let option = |e: &RulesetError| match e {
        RulesetError::UnknownOption { name, .. } | RulesetError::BadValue { name, .. } => {
            Some(name.clone())
        }
        _ => None,
    };
    let mut rest = overrides.clone();
    let mut found = vec![first];
    // Each round drops one option, so this ends.
    while let Some(name) = found.last().and_then(option) {
        if rest.remove(&name).is_none() {
            break;
        }
        match r.clone().apply(&rest) {
            Ok(()) => break,
            Err(e) => found.push(e),
        }
    }
    // An option the file does not set (named by a check of several) has no line of its
    // own: it comes after those that do, and is shown at line 1 as the file's as a whole.
    let line = |e: &RulesetError| option(e).and_then(|n| line_in_file(&n));
    let e = found
        .into_iter()
        .min_by_key(|e| line(e).unwrap_or(usize::MAX))
        .expect("one error at least");
    Err((line(&e).unwrap_or(1), e))
}

/// Every option's value by name (`Options` serializes as {"family": …, "options": {…}}).
fn option_values(options: &Options) -> Map<String, Value> {
    match serde_json::to_value(options) {
        Ok(Value::Object(mut m)) => match m.remove("options") {
            Some(Value::Object(o)) => o,
            _ => Map::new(),
        },
        _ => Map::new(),
    }
}

/// The options of a file with `family =` (no base), which must set every option: its
/// problems are found as a base file's are, so each is reported at its own line (a value
/// before a missing option, which has none: that one is shown at the `family` line).
fn family_file_options(
    family: &str,
    family_line: usize,
    overrides: &Map<String, Value>,
    line_in_file: impl Fn(&str) -> Option<usize>,
) -> Result<Options, (usize, RulesetError)> {
    // Any preset of the family serves as the template: every option is overridden.
    let mut r = presets()
        .iter()
        .find(|p| p.family == family)
        .and_then(|p| Ruleset::preset(p.name).ok())
        .expect("every family has a preset");
    let template = r.options.clone();
    apply_first_in_file(&mut r, overrides, line_in_file)?;
    let missing = option_values(&template)
        .into_iter()
        .map(|(k, _)| k)
        .find(|k| !overrides.contains_key(k));
    match missing {
        None => Ok(r.options),
        Some(name) => Err((
            family_line,
            RulesetError::BadValue {
                name,
                message: format!(
                    "missing: a file with `family = {family:?}` sets every option; to set \
                     only some, start from a preset instead (`base = \"NAME\"`)"
                ),
            },
        )),
    }
}

impl Ruleset {
    /// A named preset with its default options.
    pub fn preset(name: &str) -> Result<Ruleset, RulesetError> {
        match PRESET_CACHE.iter().find(|(n, _, _)| *n == name) {
            Some((n, text, r)) => r
                .get_or_init(|| Ruleset::from_file_text(text, Some(n), 0))
                .clone(),
            None => Err(RulesetError::UnknownPreset(name.to_string())),
        }
    }

    /// The text of a built-in preset's file.
    pub fn preset_file(name: &str) -> Option<&'static str> {
        crate::families::all_presets()
            .find(|(_, p)| p.name == name)
            .map(|(_, p)| p.text)
    }

    /// A preset name, or else a path to a ruleset file.
    pub fn named_or_file(name: &str) -> Result<Ruleset, RulesetError> {
        Ruleset::named_or_file_at(name, 0)
    }

    fn named_or_file_at(name: &str, depth: usize) -> Result<Ruleset, RulesetError> {
        match Ruleset::preset(name) {
            Ok(r) => Ok(r),
            // A name that can only be a path is read as one, so a missing file says so.
            Err(e) if !Path::new(name).exists() && !looks_like_path(name) => Err(e),
            Err(_) => Ruleset::load_at(Path::new(name), depth),
        }
    }

    /// Reads a ruleset file (TOML).
    pub fn load(path: &Path) -> Result<Ruleset, RulesetError> {
        Ruleset::load_at(path, 0)
    }

    fn load_at(path: &Path, depth: usize) -> Result<Ruleset, RulesetError> {
        let text = std::fs::read_to_string(path).map_err(|e| RulesetError::File {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Ruleset::from_file_text(&text, None, depth).map_err(|e| match e {
            RulesetError::File { path: p, message } if p == "<toml>" => RulesetError::File {
                path: path.display().to_string(),
                message,
            },
            other => other,
        })
    }

    /// Parses a ruleset from TOML text:
    ///
    /// ```toml
    /// name = "our club"
    /// base = "bradfield"
    /// [options]
    /// mahjong_points = 30
    /// ```
    ///
    /// Errors name the option and the line (`line 4: options.mahjong_pts: unknown option`).
    pub fn from_toml(text: &str) -> Result<Ruleset, RulesetError> {
        Ruleset::from_file_text(text, None, 0)
    }

    /// `preset_name`: the built-in preset this text is (its own name becomes `preset`).
    fn from_file_text(
        text: &str,
        preset_name: Option<&str>,
        depth: usize,
    ) -> Result<Ruleset, RulesetError> {
        let file = parse_file(text)?;
        let at = |line: usize, e: RulesetError| RulesetError::File {
            path: "<toml>".into(),
            message: format!("line {line}: {e}"),
        };
        // A top-level key's error (`base`, `family`: not options).
        let key = |line: usize, name: &str, message: String| RulesetError::File {
            path: "<toml>".into(),
            message: format!("line {line}: {name}: {message}"),
        };
        let mut overrides = Map::new();
        let mut lines = Vec::new();
        // In the order written (the map is in name order), so that the first problem in
        // the file is the one reported.
        let mut written: Vec<_> = file.options.iter().collect();
        written.sort_by_key(|(k, _)| k.span().start);
        for (k, v) in written {
            let value = serde_json::to_value(v).map_err(|e| {
                at(
                    line_of(text, k.span().start),
                    RulesetError::BadValue {
                        name: k.get_ref().clone(),
                        message: e.to_string(),
                    },
                )
            })?;
            overrides.insert(k.get_ref().clone(), value);
            // Where each option starts; its line is counted only for an error.
            lines.push((k.get_ref().clone(), k.span().start));
        }
        // The line of an option the file sets; `None` for one it does not (a check of
        // several options may name one the base set).
        let line_in_file = |name: &str| {
            lines
                .iter()
                .find(|(k, _)| k == name)
                .map(|&(_, at)| line_of(text, at))
        };
        let base = match (&file.base, &file.preset) {
            (Some(_), Some(_)) => {
                return Err(key(
                    1,
                    "base",
                    "give `base` or its older name `preset`, not both".into(),
                ))
            }
            (b, p) => b.as_ref().or(p.as_ref()),
        };
        let mut r = match (base, &file.family) {
            (Some(_), Some(_)) => {
                return Err(key(
                    1,
                    "family",
                    "a file with a `base` takes its family from it".into(),
                ))
            }
            (None, None) => {
                return Err(key(
                    1,
                    "base",
                    format!(
                    "missing: name the preset to start from (base = \"bradfield\"; presets: {})",
                    PRESETS.join(", ")
                ),
                ))
            }
            (Some(base), None) => {
                let base_line = line_of(text, base.span().start);
                let base = base.get_ref();
                if depth >= MAX_BASE_DEPTH || preset_name == Some(base.as_str()) {
                    return Err(key(
                        base_line,
                        "base",
                        format!("{base:?}: `base` files name each other in a loop"),
                    ));
                }
                let mut r = if preset_name.is_some() {
                    // A built-in preset starts from another built-in one (not from disk).
                    let b = crate::families::all_presets()
                        .find(|(_, p)| p.name == base)
                        .ok_or_else(|| RulesetError::UnknownPreset(base.clone()))?;
                    Ruleset::from_file_text(b.1.text, Some(b.1.name), depth + 1)?
                } else {
                    // The file and line that name the base, then what is wrong with it.
                    Ruleset::named_or_file_at(base, depth + 1).map_err(|e| match e {
                        RulesetError::File { .. } => e,
                        e => key(base_line, "base", e.to_string()),
                    })?
                };
                apply_first_in_file(&mut r, &overrides, line_in_file)
                    .map_err(|(line, e)| at(line, e))?;
                r
            }
            (None, Some(family)) => {
                let family_line = line_of(text, family.span().start);
                let family = family.get_ref();
                if !crate::families::family_names().contains(&family.as_str()) {
                    return Err(key(
                        family_line,
                        "family",
                        format!(
                            "unknown family {family:?} (families: {})",
                            crate::families::family_names().join(", ")
                        ),
                    ));
                }
                let options = if preset_name.is_some() {
                    // A built-in preset (which the template below would be) sets every
                    // option; its tests keep it so.
                    let options = crate::families::options_of_family(family, overrides)
                        .map_err(|e| at(1, e))?;
                    options.check().map_err(|e| at(1, e))?;
                    options
                } else {
                    family_file_options(family, family_line, &overrides, line_in_file)
                        .map_err(|(line, e)| at(line, e))?
                };
                Ruleset {
                    name: String::new(),
                    preset: family.clone(),
                    options,
                }
            }
        };
        if let Some(p) = preset_name {
            r.preset = p.to_string();
            r.name = p.to_string();
        }
        if let Some(name) = file.name {
            r.name = name;
        } else if r.name.is_empty() {
            r.name = r.preset.clone();
        }
        Ok(r)
    }

    /// This ruleset as a TOML file that [`Ruleset::from_toml`] reads back: its name, the
    /// preset it starts from and every option's value.
    pub fn to_toml(&self) -> String {
        self.options.to_toml(&self.name, &self.preset)
    }

    /// Overrides options by name. Every name must be an option of the ruleset's family and
    /// every value of the option's type; on error nothing is changed.
    pub fn apply(&mut self, overrides: &Map<String, Value>) -> Result<(), RulesetError> {
        if overrides.is_empty() {
            return Ok(());
        }
        self.options = self.options.merged(overrides)?;
        Ok(())
    }

    /// This ruleset as a table names it (`ruleset` and `options` of the table JSON): a
    /// built-in preset of the family (its own name or the one it starts from, when built in) and the
    /// options whose values differ from that preset's, so that [`crate::ruleset_of`] gives
    /// back an equal ruleset whatever file it came from.
    pub fn table_form(&self) -> (String, Map<String, Value>) {
        let values = |r: &Ruleset| option_values(&r.options);
        let base = [&self.name, &self.preset]
            .into_iter()
            .find_map(|n| {
                Ruleset::preset(n)
                    .ok()
                    .filter(|r| r.family() == self.family())
            })
            .or_else(|| {
                presets()
                    .iter()
                    .find(|p| p.family == self.family())
                    .and_then(|p| Ruleset::preset(p.name).ok())
            });
        let Some(base) = base else {
            return (self.preset.clone(), values(self));
        };
        let theirs = values(&base);
        let mine = values(self)
            .into_iter()
            .filter(|(k, v)| theirs.get(k) != Some(v))
            .collect();
        (base.name, mine)
    }

    /// Overrides one option from `key=value` text (as on a command line). The value is read
    /// as JSON if it parses, otherwise as a string.
    pub fn set(&mut self, assignment: &str) -> Result<(), RulesetError> {
        let (k, v) = assignment
            .split_once('=')
            .ok_or_else(|| RulesetError::BadValue {
                name: assignment.to_string(),
                message: "expected key=value".into(),
            })?;
        let value = serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string()));
        let mut m = Map::new();
        m.insert(k.trim().to_string(), value);
        self.apply(&m)
    }

    /// The family's name (`classical`).
    pub fn family(&self) -> &'static str {
        self.options.family()
    }

    /// The options if the ruleset is of family `F`.
    pub fn options_of<F: crate::Family>(&self) -> Option<&F::Options> {
        self.options.of::<F>()
    }

    /// The family's plan toward a win, when its wins need a minimum value
    /// ([`crate::plan`]); `None` when every complete hand wins.
    pub fn bot_plan(&self) -> Option<crate::Plan> {
        self.options.bot_plan()
    }

    /// The family's dangerous discards ([`crate::danger`]); `None` when it has none.
    pub fn discard_dangers(&self) -> Option<crate::Dangers> {
        self.options.discard_dangers()
    }

    /// Whether a discarder can be made to pay a whole win alone (a cannon: M90's
    /// dangerous discards, MY3-L3's third dragon or fourth wind set).
    pub fn liable_discarders(&self) -> bool {
        self.options.liable_discarders()
    }

    /// Number of seats the ruleset plays with.
    pub fn seats(&self) -> usize {
        self.seat_winds().len()
    }

    /// Seat winds in seating order from the dealer: E S W N, or the three-player set's.
    pub fn seat_winds(&self) -> &'static [Wind] {
        self.options.seat_winds()
    }

    /// The tile set the ruleset plays with.
    pub fn tile_set(&self) -> mahjong_tiles::TileSet {
        self.options.tile_set()
    }

    /// How the family reads the parts of a table whose meaning differs between families
    /// (tiles set aside in `bonus`, `win.earth`).
    pub fn table_reading(&self) -> crate::TableReading {
        self.options.table_reading()
    }

    /// Whether the prevailing wind scores (pairs and pungs), for players that value hands.
    pub fn prevailing_wind_scores(&self) -> bool {
        self.options.prevailing_wind_scores()
    }

    /// Whether the engine can play this ruleset yet ([`crate::Family::unplayable`]): a
    /// family whose play is not built, or an option its play does not honour yet, is only
    /// scored (`mahjong score`).
    pub fn playable(&self) -> bool {
        self.options.unplayable().is_none()
    }

    /// `Ok` when the engine can play this ruleset; else the message the front ends give
    /// when asked to play it (`malaysian-3p can be scored (`mahjong score`) but not played:
    /// option multiple_winners …`).
    pub fn check_playable(&self) -> Result<(), String> {
        match self.options.unplayable() {
            None => Ok(()),
            Some(why) => Err(format!(
                "{} can be scored (`mahjong score`) but not played: {why}",
                self.name
            )),
        }
    }

    /// What the engine needs to play this ruleset.
    pub fn play(&self) -> PlayRules {
        self.options.play()
    }

    /// The family's play hooks, with fresh per-hand state (the engine calls them during
    /// play; see [`crate::play`]).
    pub fn play_hooks(&self) -> crate::FamilyPlay {
        self.options.play_hooks()
    }

    /// The payments `table` owes so far during play (MY3-I: kongs, completed bonus groups),
    /// one per payer; empty for a family that pays nothing during play.
    pub fn instant_payments(&self, table: &crate::Table) -> Vec<crate::InstantPayment> {
        self.options.instant_payments(table)
    }

    /// Whether the dealer deals again after a hand that ended so (M11, M122r, W-G1/2,
    /// K3-M).
    pub fn dealer_keeps(&self, end: crate::HandEnd) -> bool {
        self.options.dealer_keeps(end)
    }

    /// Each player's score when a game starts (totals are net results from it).
    pub fn starting_score(&self) -> i64 {
        self.options.starting_score()
    }

    /// The most any one hand scores where the scorer caps every hand at a limit (M119,
    /// KJ-S4): what a score typed in by hand counts for at most. `None` where hands are
    /// not capped so.
    pub fn score_cap(&self) -> Option<u64> {
        self.options.score_cap()
    }

    /// Whether the game ends now, before its rounds are played, given each player's net
    /// total (a family where a player can go bust).
    pub fn game_over(&self, totals: &[i64]) -> bool {
        self.options.game_over(totals)
    }

    /// The extra per-seat fields of its scores (J3: `han` and `yakuman`, which the seat's
    /// points and doubles carry).
    pub fn score_fields(&self) -> crate::ScoreFields {
        self.options.score_fields()
    }

    /// Who takes the points left in the pot when the game ends (J3: the leader), given
    /// each player's net total; `None` leaves them there.
    pub fn pot_at_end(&self, totals: &[i64]) -> Option<usize> {
        self.options.pot_at_end(totals)
    }

    /// Every rule the family's score items cite.
    pub fn rules(&self) -> &'static [&'static crate::Rule] {
        self.options.rules()
    }

    /// The readable score sheet of a scored table (`mahjong score` without `--json`), in
    /// English.
    pub fn sheet(&self, table: &crate::Table, outcome: &crate::Outcome) -> String {
        self.sheet_in(table, outcome, crate::catalogue::Lang::En)
    }

    /// The readable score sheet with its labels and rule names in `lang`
    /// (`mahjong score --lang`); tile codes, rule ids and seat letters are the same in every
    /// language.
    pub fn sheet_in(
        &self,
        table: &crate::Table,
        outcome: &crate::Outcome,
        lang: crate::catalogue::Lang,
    ) -> String {
        self.options
            .sheet(&self.name, self.seat_winds(), table, outcome, lang)
    }
}

/// A ruleset file for any family's options. TOML has no null: an unset optional value
/// is named in a comment at the end, so that every option shows.
pub(crate) fn toml_file<T: Serialize>(name: &str, base: &str, options: &T) -> String {
    #[derive(Serialize)]
    struct File<'a, T> {
        name: &'a str,
        base: &'a str,
        options: &'a T,
    }
    let mut text = toml::to_string(&File {
        name,
        base,
        options,
    })
    .expect("options serialize to TOML");
    let value = serde_json::to_value(options).expect("options serialize");
    for (key, v) in value.as_object().into_iter().flatten() {
        if v.is_null() {
            text.push_str(&format!("# {key} = …  (optional; not set)\n"));
        }
    }
    text
}

/// Overrides the options of one family: each override is checked alone so an error names
/// the option at fault.
pub(crate) fn merge<T: Serialize + serde::de::DeserializeOwned>(
    current: &T,
    overrides: &Map<String, Value>,
) -> Result<T, RulesetError> {
    let mut value = serde_json::to_value(current).expect("options serialize");
    let fields = value.as_object_mut().expect("options are an object");
    let known = || {
        let v = serde_json::to_value(current).expect("options serialize");
        v.as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (k, v) in overrides {
        if !fields.contains_key(k) {
            return Err(RulesetError::UnknownOption {
                name: k.clone(),
                known: known(),
            });
        }
        let mut single = serde_json::to_value(current).expect("options serialize");
        single[k] = v.clone();
        serde_json::from_value::<T>(single).map_err(|e| {
            // The value as given: serde writes a float it refused in its own way (1e+30).
            let number = v.is_number().then(|| v.to_string());
            let message = e.to_string();
            RulesetError::BadValue {
                name: k.clone(),
                message: crate::table::plain_serde_message(
                    &message,
                    number.as_deref(),
                    None,
                    false,
                )
                .unwrap_or(message),
            }
        })?;
        fields.insert(k.clone(), v.clone());
    }
    serde_json::from_value(value).map_err(|e| RulesetError::BadValue {
        name: "?".into(),
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    impl Ruleset {
        /// An option's value by its public name, as a user writes it (the tests need not
        /// know the family's option type).
        fn option(&self, name: &str) -> Value {
            let all = serde_json::to_value(&self.options).unwrap();
            all["options"][name].clone()
        }
    }

    #[test]
    fn presets_differ_where_the_spec_says() {
        let m = Ruleset::preset("millington").unwrap();
        let b = Ruleset::preset("bradfield").unwrap();
        assert_eq!(m.option("mahjong_points"), json!(10));
        assert_eq!(b.option("mahjong_points"), json!(20));
        assert_eq!(m.option("dead_wall"), json!(DeadWall::Fixed16));
        assert_eq!(b.option("dead_wall"), json!(DeadWall::Replenished14));
        assert_eq!(m.option("claimed_kong_counts_concealed"), json!(true));
        assert_eq!(b.option("claimed_kong_counts_concealed"), json!(false));
        assert_eq!(b.option("limit"), json!(1000));
        assert_eq!(m.seats(), 4);
        assert_eq!(m.tile_set().len(), 144);
    }

    #[test]
    fn unknown_preset_and_option_are_named() {
        assert_eq!(
            Ruleset::preset("nope").unwrap_err().to_string(),
            "unknown ruleset \"nope\" (presets: millington, bradfield, dmjl, bmja, western, korean-3p, japanese-3p, malaysian-3p)"
        );
        let mut r = Ruleset::preset("millington").unwrap();
        let e = r.apply(&map(json!({"mahjong_pts": 20}))).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("options.mahjong_pts: unknown option (known: "));
        let e = r.apply(&map(json!({"mahjong_points": "x"}))).unwrap_err();
        // The type's maximum (u32's) is no rule's: said only of a value above it.
        assert_eq!(
            e.to_string(),
            "options.mahjong_points: \"x\" is not a number: a whole number, 0 or more was \
             expected"
        );
        // A number as the override gave it, out of its type's range.
        for (value, message) in [
            (json!(-3), "-3 is out of range: a whole number, 0 or more"),
            (
                json!(2.5),
                "2.5 is not a whole number: a whole number, 0 or more",
            ),
            (
                json!(1e30),
                "1e+30 is out of range: a whole number from 0 to 4294967295",
            ),
        ] {
            let e = r
                .apply(&map(json!({ "mahjong_points": value })))
                .unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("options.mahjong_points: {message} was expected")
            );
        }
        // From a command line (`-o limit=abc`): the text is a string, not a number; u64's
        // maximum is not shown.
        let e = r.set("limit=abc").unwrap_err();
        assert_eq!(
            e.to_string(),
            "options.limit: \"abc\" is not a number: a whole number, 0 or more was expected"
        );
        let e = r.apply(&map(json!({"dead_wall": "12"}))).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("options.dead_wall: unknown variant `12`"));
        let e = r.apply(&map(json!({"rounds": 3}))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "options.rounds: must be 1, 2 or a multiple of 4"
        );
        // Nothing changed by the failed calls.
        assert_eq!(r, Ruleset::preset("millington").unwrap());
    }

    #[test]
    fn overrides_apply() {
        let mut r = Ruleset::preset("millington").unwrap();
        r.apply(&map(json!({"mahjong_points": 20, "dead_wall": "none"})))
            .unwrap();
        assert_eq!(r.option("mahjong_points"), json!(20));
        assert_eq!(r.option("dead_wall"), json!(DeadWall::None));
        r.set("limit=500").unwrap();
        r.set("dead_wall=14-replenished").unwrap();
        assert_eq!(r.option("limit"), json!(500));
        assert_eq!(r.option("dead_wall"), json!(DeadWall::Replenished14));
        assert!(r.set("limit").is_err());
    }

    #[test]
    fn toml_round_trip() {
        let r = Ruleset::from_toml(
            "name = \"club\"\npreset = \"bradfield\"\n[options]\nmahjong_points = 30\nseven_pairs = true\n",
        )
        .unwrap();
        assert_eq!(r.name, "club");
        assert_eq!(r.preset, "bradfield");
        assert_eq!(r.option("mahjong_points"), json!(30));
        assert_eq!(r.option("seven_pairs"), json!(true));
        assert_eq!(r.option("dead_wall"), json!(DeadWall::Replenished14));
        let back = Ruleset::from_toml(&r.to_toml()).unwrap();
        assert_eq!(back, r);
        // Every option shows: an unset optional one as a comment (TOML has no null).
        let text = r.to_toml();
        assert!(text.ends_with("# limit_hand_minimum = …  (optional; not set)\n"));
        let set = Ruleset::from_toml(&format!("{text}limit_hand_minimum = 800\n")).unwrap();
        assert_eq!(set.option("limit_hand_minimum"), json!(800));
        assert!(!set.to_toml().contains("# limit_hand_minimum"));
        assert!(set.to_toml().contains("\nlimit_hand_minimum = 800\n"));
        let e = Ruleset::from_toml("preset = \"millington\"\n[options]\nlimt = 5\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 3: options.limt: unknown option"),
            "{e}"
        );
        let e = Ruleset::from_toml("preset = \"millington\"\nbogus = 1\n").unwrap_err();
        assert!(e.to_string().contains("unknown field `bogus`"), "{e}");
        assert!(Ruleset::from_toml("preset = ").is_err());
    }

    proptest::proptest! {
        #[test]
        fn toml_parser_never_panics(s in "\\PC{0,200}") {
            let _ = Ruleset::from_toml(&s);
        }

        #[test]
        fn toml_like_input_never_panics(
            key in "[a-z_]{1,20}",
            val in proptest::prop_oneof![
                "[0-9]{1,25}".prop_map(|s| s),
                "\"[a-z0-9-]{0,16}\"".prop_map(|s| s),
                proptest::strategy::Just("true".to_string()),
                proptest::strategy::Just("-1".to_string()),
                proptest::strategy::Just("[1, 2]".to_string()),
            ],
        ) {
            let text = format!("preset = \"millington\"\n[options]\n{key} = {val}\n");
            let _ = Ruleset::from_toml(&text);
        }
    }
}
