//! The rule catalogue: every rule id of every family once, with a stable key, its kind, its
//! names in English, Czech and Polish, and a short text of the rule in the same three
//! languages.
//!
//! Each family keeps its entries in its own folder (`families/<family>/catalogue.toml`,
//! returned by [`Family::catalogue`](crate::Family::catalogue)); they are parsed once, on
//! first use. The scorer cites some ids under several names (`M114b`: exposed or concealed
//! pung of minors or majors); such an entry has one general name and a list of
//! [`Entry::variants`], each carrying the scorer's exact English name. Everything that shows
//! a rule's name (`mahjong rules`, `GET /api/rules`, the terminal and web clients) reads it
//! from here.
//!
//! Each entry also carries [`Entry::text`]: one to three sentences saying what the rule says,
//! with its value when it is a score rule ("A pung of dragons scores 4 points exposed, 8
//! concealed."), taken from the family's spec in `shared/rules/`. In a family's file the text
//! is written as dotted keys after the names:
//!
//! ```toml
//! [[rule]]
//! id = "M29"
//! key = "m29_seven_pairs"
//! kind = "score"
//! en = "seven pairs"
//! cs = "sedm párů"
//! pl = "siedem par"
//! text.en = "…"
//! text.cs = "…"
//! text.pl = "…"
//! ```
//!
//! The text covers the whole id, variants included; a value set by an option is given with its
//! default and named as optional. `mahjong rules ID`, `GET /api/rules` and the clients show it
//! next to the name, so a scored item links to what its rule says.
//!
//! A family's file also says once what its score items count (`units`, [`Units`]) and what the
//! browser's scoring assistant offers at its tables (`[form]`, [`Form`]).
//!
//! Besides the ids score items cite, the catalogue holds the play rules, settlement rules and
//! options cited in `docs/rules/*.md`. A range (`M53–M56`) is one entry when the rules are
//! covered as a group; a range whose members are scored apart (`M122a–r`) is not an entry,
//! its members are.

use std::fmt;
use std::str::FromStr;
use std::sync::{LazyLock, OnceLock};

use serde::{Deserialize, Serialize};

/// What a rule is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RuleKind"))]
pub enum Kind {
    /// Points, doubles or multipliers of a score item (or how items are counted).
    Score,
    /// A limit hand, or the limit itself.
    Limit,
    /// How the game is played (the engine).
    Play,
    /// Who pays whom.
    Settlement,
    /// An optional rule with its own id.
    Option,
}

/// What the two numbers of a score item citing a rule count: a family's catalogue file
/// says it once for all its rules (`units = "han_yakuman"`), so clients need not know the
/// family.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RuleUnits"))]
pub enum Units {
    /// Points and doubles (classical, western, korean).
    #[default]
    PointsDoubles,
    /// Han, and yakuman in place of doubles (the items' `points` and `doubles`; J3-S).
    HanYakuman,
    /// Fan (the items' `points`; MY3: no doubles).
    Fan,
}

/// What the scoring assistant (`web/src/pages/score.tsx`) offers at a table of a family
/// beyond what every table has (seats, tiles, winner, how he won): the `[form]` table of the
/// family's catalogue file, so that the page reads it instead of asking which family it is.
/// Every input is named by the table-JSON field it fills (`docs/formats/table-json.md`).
///
/// ```toml
/// [form]
/// flags = [{ field = "last_tile", rule = "J3-Y6" }, { field = "heaven", rule = "J3-YM12" }]
/// table = [{ field = "riichi_pot" }, { field = "honba", per = "honba" }]
/// seat = [
///   { field = "riichi", rule = "J3-Y4", values = [
///     { value = "riichi", rule = "J3-Y4" }, { value = "double", rule = "J3-Y11" },
///   ] },
/// ]
/// bonus = "norths"
/// ```
///
/// korean-3p's seat field `ready` is true or false and labelled by what a seat that has
/// declared shows: `seat = [{ field = "ready", rule = "K3-P9", declared = true }]`; beside
/// the seats it offers two options whose values change what a declaration pays
/// ([`FormOption`]):
///
/// ```toml
/// [[form.options]]
/// option = "ready_discount"
/// rule = "K3-S5"
/// values = [
///   { value = "waiting", en = "any waiting opponent", cs = "…", pl = "…" },
///   { value = "declared", en = "only a declared opponent", cs = "…", pl = "…" },
/// ]
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ScoreForm"))]
pub struct Form {
    /// The `win` flags the family's scorer reads (`last_tile`, `ippatsu`), in the order shown.
    pub flags: Vec<FormInput>,
    /// The table's own fields it takes (`dora_indicators`, `goulash`), in the order shown.
    pub table: Vec<FormInput>,
    /// Each seat's fields beside its tiles (`riichi`, `ready`): one with `values` takes one
    /// of them or none, one without is true or false.
    pub seat: Vec<FormInput>,
    /// The options of the table (its `options`) offered as a choice of values, shown beside
    /// the seats' fields (`ready_discount`, `three_ready`: what a declared seat pays).
    pub options: Vec<FormOption>,
    /// What a seat's `bonus` holds, which names the field.
    pub bonus: BonusTiles,
    /// A seat's `score` is its hand-points (its `points`) plus bonus-points (K3-BP), not
    /// points and doubles: a total tells both.
    pub bonus_points: bool,
    /// What score items count: the file's `units`, given here too so that a client reading
    /// the form needs no rule entry.
    pub units: Units,
}

/// `[form]` as a family's file writes it: a [`Form`] but for the units, which the file
/// says once at its top.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileForm {
    #[serde(default)]
    flags: Vec<FormInput>,
    #[serde(default)]
    table: Vec<FormInput>,
    #[serde(default)]
    seat: Vec<FormInput>,
    #[serde(default)]
    options: Vec<FormOption>,
    #[serde(default)]
    bonus: BonusTiles,
    #[serde(default)]
    bonus_points: bool,
}

/// One input of a [`Form`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ScoreFormInput"))]
pub struct FormInput {
    /// The table-JSON field it fills (`ippatsu` of `win`, `honba`, `riichi` of a seat).
    pub field: String,
    /// The family's rule whose catalogue name labels it (`J3-Y6`); without one the client's
    /// own words do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<String>,
    /// The English name of the variant of `rule` that labels it instead of the rule's own
    /// name (`Ippatsu`, a variant of J3-S8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub variant: Option<String>,
    /// Labelled by what a seat that has made `rule`'s declaration shows
    /// ([`Entry::declared_state`]: korean-3p's `Ready`) instead of the rule's name, which
    /// names the act (`declaring ready`): a checkbox beside a seat reads as its state.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub declared: bool,
    /// A true-or-false option the field counts under only (`dora`, K3-O5): offered beside
    /// it, and the field only while the option is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub when: Option<String>,
    /// A number option saying what each unit of this count is worth (`honba`, J3-S10):
    /// offered beside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub per: Option<String>,
    /// The values a seat field takes, in the order offered, beside none (`riichi`: `riichi`
    /// labelled by J3-Y4, `double` by J3-Y11); a field without values is true or false.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<FormValue>>", optional))]
    pub values: Vec<FormValue>,
}

/// An option of the table offered by a [`Form`] as a choice of its values: the page shows
/// the preset's value and sends the option only when another is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ScoreFormOption"))]
pub struct FormOption {
    /// The option's name (`ready_discount`): one whose value is a string in every preset of
    /// the family.
    pub option: String,
    /// The family's rule whose catalogue name labels it (`K3-S5`).
    pub rule: String,
    /// Every value the option takes, in the order offered (the test of the forms holds it
    /// to the option's own).
    pub values: Vec<FormValue>,
}

/// One value a [`Form`] offers for a seat field or an option, with what labels it: a rule
/// of the family (`double`: J3-Y11) or, where no rule names the value alone, its own names
/// (`declared`). A family's file writes the names as `en`, `cs` and `pl` beside `value`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ScoreFormValue"))]
pub struct FormValue {
    /// The value as the table JSON takes it (`double`, `hand-points-only`).
    pub value: String,
    /// The family's rule whose catalogue name labels it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<String>,
    /// Its label in every language, where no rule gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub names: Option<Names>,
}

/// A [`FormValue`] as a family's file writes it: a rule, or the three names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileValue {
    value: String,
    rule: Option<String>,
    en: Option<String>,
    cs: Option<String>,
    pl: Option<String>,
}

impl<'de> Deserialize<'de> for FormValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FormValue, D::Error> {
        let f = FileValue::deserialize(d)?;
        // Exactly one label, so that the page never has to choose between two.
        let names = match (f.en, f.cs, f.pl) {
            (Some(en), Some(cs), Some(pl)) => Some(Names { en, cs, pl }),
            (None, None, None) => None,
            _ => {
                return Err(serde::de::Error::custom(format!(
                    "value {:?}: names in all of en, cs and pl, or none",
                    f.value
                )))
            }
        };
        if f.rule.is_some() == names.is_some() {
            return Err(serde::de::Error::custom(format!(
                "value {:?}: labelled by a `rule` or by names (en, cs, pl), one of the two",
                f.value
            )));
        }
        Ok(FormValue {
            value: f.value,
            rule: f.rule,
            names,
        })
    }
}

/// What the tiles in a seat's `bonus` are (the [`Form`] names the field by it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ScoreFormBonus"))]
pub enum BonusTiles {
    /// Flowers and seasons (and whatever else the set has to set aside: animals, jokers).
    #[default]
    Flowers,
    /// Norths set aside for a loose tile (J3-T4).
    Norths,
}

impl Kind {
    /// Every kind, in the order tables list them.
    pub const ALL: [Kind; 5] = [
        Kind::Score,
        Kind::Limit,
        Kind::Play,
        Kind::Settlement,
        Kind::Option,
    ];

    /// The kind's name (`score`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Score => "score",
            Kind::Limit => "limit",
            Kind::Play => "play",
            Kind::Settlement => "settlement",
            Kind::Option => "option",
        }
    }
}

impl Kind {
    /// The kind's name in `lang`, for tables read by people (`as_str` is the data's word).
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (k, Lang::En) => k.as_str(),
            (Kind::Score, Lang::Cs) => "bodování",
            (Kind::Score, Lang::Pl) => "punktacja",
            (Kind::Limit, _) => "limit",
            (Kind::Play, Lang::Cs) => "hra",
            (Kind::Play, Lang::Pl) => "gra",
            (Kind::Settlement, Lang::Cs) => "vyúčtování",
            (Kind::Settlement, Lang::Pl) => "rozliczenie",
            (Kind::Option, Lang::Cs) => "volba",
            (Kind::Option, Lang::Pl) => "opcja",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A language the catalogue names rules in; English by default.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the scorer's language).
    #[default]
    En,
    /// Czech.
    Cs,
    /// Polish.
    Pl,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Cs, Lang::Pl];

    /// The language's code (`cs`).
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Cs => "cs",
            Lang::Pl => "pl",
        }
    }
}

impl FromStr for Lang {
    type Err = String;

    /// Parses a code; the error lists the valid ones.
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| format!("unknown language {s:?} (languages: en, cs, pl)"))
    }
}

/// A rule's name, or its text, in each language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RuleNames"))]
pub struct Names {
    /// English.
    pub en: String,
    /// Czech.
    pub cs: String,
    /// Polish.
    pub pl: String,
}

impl Names {
    /// The string in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Cs => &self.cs,
            Lang::Pl => &self.pl,
        }
    }
}

/// One rule id of one family. Its serde form is what `mahjong rules --json` and
/// `GET /api/rules` give: `{"id","key","family","kind","names":{"en","cs","pl"},
/// "text":{"en","cs","pl"},"units"}`, plus `"variants"` when the scorer cites the id under
/// several names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RuleEntry"))]
pub struct Entry {
    /// The rule id (`M114b`, `W-S1`, `K3-HP12`, or a range such as `M53–M56`).
    pub id: String,
    /// A stable snake_case key starting with the id (`m114b_pung`): never renamed once
    /// published, so translations and links can rely on it.
    pub key: String,
    /// The family's name (`classical`).
    pub family: &'static str,
    /// What the rule is about.
    pub kind: Kind,
    /// What its score items' numbers count.
    pub units: Units,
    /// The rule's name; the scorer's own when it cites the id under one name.
    pub names: Names,
    /// What the rule says, in one to three sentences per language (with its value when it is
    /// a score rule); see [`Entry::text`].
    pub text: Names,
    /// The scorer's names when it cites the id under several (empty otherwise); each `en` is
    /// the scorer's exact text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Names>>", optional))]
    pub variants: Vec<Names>,
    /// On the rule that governs declaring a hand ready with a discard (one per family at
    /// most): what front ends call the declaration (`Original Call`, `Riichi`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub declaration: Option<Names>,
    /// Beside a [`Entry::declaration`] that names the act rather than a state (korean-3p's
    /// `Ready declaration`): what a seat that has declared shows (`Ready`). Front ends show
    /// the declaration's own name where this is absent (`Riichi`, `Original Call`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub declared: Option<Names>,
}

impl Entry {
    /// What a seat that has made this rule's declaration shows, in every language:
    /// [`Entry::declared`], else the declaration's name; `None` on a rule with no declaration.
    pub fn declared_state(&self) -> Option<&Names> {
        self.declaration
            .as_ref()
            .map(|d| self.declared.as_ref().unwrap_or(d))
    }

    /// What the rule says in `lang`: one to three sentences, with the rule's value when it is
    /// a score rule (`M116d` in English: "Each pung or kong of dragons scores 1 double, for
    /// any player.").
    pub fn text(&self, lang: Lang) -> &str {
        self.text.get(lang)
    }

    /// The English names score items of this id carry: the variants', or the entry's own.
    pub fn scorer_names(&self) -> impl Iterator<Item = &Names> {
        let own = self.variants.is_empty().then_some(&self.names);
        self.variants.iter().chain(own)
    }

    /// The names of the variant (or of the entry) whose English name is `english`.
    pub fn names_for(&self, english: &str) -> Option<&Names> {
        self.scorer_names()
            .find(|n| n.en == english)
            .or_else(|| (self.names.en == english).then_some(&self.names))
    }
}

/// An entry as written in a family's file (the family comes from the file).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileEntry {
    id: String,
    key: String,
    kind: Kind,
    en: String,
    cs: String,
    pl: String,
    text: Names,
    #[serde(default)]
    variants: Vec<Names>,
    #[serde(default)]
    declaration: Option<Names>,
    #[serde(default)]
    declared: Option<Names>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    units: Units,
    #[serde(default)]
    form: FileForm,
    rule: Vec<FileEntry>,
}

/// Parses one family's catalogue text (what [`crate::Family::catalogue`] returns).
pub fn parse(family: &'static str, text: &str) -> Result<Vec<Entry>, String> {
    parse_file(family, text).map(|(entries, _)| entries)
}

/// Parses one family's catalogue text into its entries and its [`Form`] (the default, which
/// offers nothing, where the file has no `[form]`).
fn parse_file(family: &'static str, text: &str) -> Result<(Vec<Entry>, Form), String> {
    let file: File = toml::from_str(text).map_err(|e| format!("{family} catalogue: {e}"))?;
    let units = file.units;
    let f = file.form;
    let form = Form {
        flags: f.flags,
        table: f.table,
        seat: f.seat,
        options: f.options,
        bonus: f.bonus,
        bonus_points: f.bonus_points,
        units,
    };
    let entries = file
        .rule
        .into_iter()
        .map(|e| Entry {
            id: e.id,
            key: e.key,
            family,
            kind: e.kind,
            units,
            names: Names {
                en: e.en,
                cs: e.cs,
                pl: e.pl,
            },
            text: e.text,
            variants: e.variants,
            declaration: e.declaration,
            declared: e.declared,
        })
        .collect();
    Ok((entries, form))
}

/// Each family's catalogue, parsed when first asked for: a process that names the rules
/// of one family parses only that family's file.
type FamilyFile = (&'static str, &'static str, OnceLock<(Vec<Entry>, Form)>);
static FAMILIES: LazyLock<Vec<FamilyFile>> = LazyLock::new(|| {
    crate::families::all_catalogues()
        .map(|(family, text)| (family, text, OnceLock::new()))
        .collect()
});

fn family_file(f: &'static FamilyFile) -> &'static (Vec<Entry>, Form) {
    let (family, text, parsed) = f;
    // The files are embedded and checked by the tests: a parse error is a build defect.
    parsed.get_or_init(|| parse_file(family, text).unwrap_or_else(|e| panic!("{e}")))
}

fn family_entries(f: &'static FamilyFile) -> &'static [Entry] {
    &family_file(f).0
}

static CATALOGUE: LazyLock<Vec<Entry>> = LazyLock::new(|| {
    FAMILIES
        .iter()
        .flat_map(|f| family_entries(f).iter().cloned())
        .collect()
});

/// Every entry of every family, families in registry order, each in its file's order.
pub fn catalogue() -> &'static [Entry] {
    &CATALOGUE
}

/// The entry of rule `id`, if any family has it.
///
/// Only the file whose text holds the id's `id = "…"` line is parsed (one family's, not
/// every family before it: `korean-3p`'s summary parsed 12 M instructions of TOML for
/// three families); the walk through every file is the fallback for an id written
/// otherwise, or unknown.
pub fn entry(id: &str) -> Option<&'static Entry> {
    let find = |f: &'static FamilyFile| family_entries(f).iter().find(|e| e.id == id);
    FAMILIES
        .iter()
        .filter(|(_, text, _)| holds_id(text, id))
        .find_map(find)
        .or_else(|| FAMILIES.iter().find_map(find))
}

/// Whether a family's file has the line `id = "ID"`: a text search, no parse.
fn holds_id(text: &str, id: &str) -> bool {
    !id.is_empty()
        && text.match_indices(id).any(|(at, _)| {
            text[..at].ends_with("id = \"") && text[at + id.len()..].starts_with('"')
        })
}

/// The entries of family `family` (none for an unknown name).
pub fn of_family(family: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    FAMILIES
        .iter()
        .filter(move |(f, _, _)| *f == family)
        .flat_map(|f| family_entries(f).iter())
}

/// The scoring assistant's [`Form`] of family `family` (`None` for an unknown name).
pub fn form(family: &str) -> Option<&'static Form> {
    FAMILIES
        .iter()
        .find(|(f, _, _)| *f == family)
        .map(|f| &family_file(f).1)
}

/// Every family's [`Form`] as one JSON object by family name, families in registry order,
/// one a line (what `web/src/i18n/forms.json` holds).
pub fn forms_to_json() -> String {
    let lines: Vec<String> = FAMILIES
        .iter()
        .map(|f| {
            let name = serde_json::to_string(f.0).expect("names serialize");
            let form = serde_json::to_string(&family_file(f).1).expect("forms serialize");
            format!("{name}: {form}")
        })
        .collect();
    format!("{{\n{}\n}}\n", lines.join(",\n"))
}

/// The name of rule `id` in `lang` as an item named `english` by the scorer carries it: the
/// matching variant's, else the entry's. `None` for an id the catalogue lacks.
pub fn translate(id: &str, english: &str, lang: Lang) -> Option<&'static str> {
    let e = entry(id)?;
    Some(e.names_for(english).unwrap_or(&e.names).get(lang))
}

/// `entries` as a JSON array, one entry per line (what `mahjong rules --json` prints and
/// `web/src/i18n/catalogue.json` holds: short diffs, easy to grep).
pub fn to_json<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> String {
    let lines: Vec<String> = entries
        .into_iter()
        .map(|e| serde_json::to_string(e).expect("entries serialize"))
        .collect();
    if lines.is_empty() {
        return "[]\n".to_string();
    }
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// Fills a message template's `{name}` placeholders from `args`, for the texts our
/// clients show in every [`Lang`] (the score sheet, the terminal game). A name without a
/// value stays as it is, so a missing value shows instead of vanishing.
pub fn fill(template: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, v)) => out.push_str(&v.to_string()),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders a template names ([`fill`]), in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = vec![];
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.push(&after[..close]);
        rest = &after[close + 1..];
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_file_parses() {
        for (family, text) in crate::families::all_catalogues() {
            let entries = parse(family, text).unwrap();
            assert!(!entries.is_empty(), "{family} has no entries");
        }
    }

    #[test]
    fn every_id_is_found_in_its_own_file_without_parsing_the_others() {
        for (family, text) in crate::families::all_catalogues() {
            for e in parse(family, text).unwrap() {
                assert!(
                    holds_id(text, &e.id),
                    "{family}: {} not found by its line",
                    e.id
                );
                // The id of a longer one (M11 in M114a) is not taken for it.
                let others = crate::families::all_catalogues()
                    .filter(|&(f, t)| f != family && holds_id(t, &e.id))
                    .map(|(f, _)| f)
                    .collect::<Vec<_>>();
                assert!(others.is_empty(), "{}: also in {others:?}", e.id);
                assert_eq!(entry(&e.id).map(|x| x.family), Some(family), "{}", e.id);
            }
        }
        assert!(!holds_id("id = \"M114a\"", "M11"));
        assert!(!holds_id("id = \"M114a\"", ""));
        assert!(entry("NO-SUCH-ID").is_none());
    }

    #[test]
    fn a_family_names_at_most_one_declaration_and_what_a_declared_seat_shows() {
        let mut shown = vec![];
        for (family, text) in crate::families::all_catalogues() {
            let entries = parse(family, text).unwrap();
            let with: Vec<_> = entries.iter().filter(|e| e.declaration.is_some()).collect();
            assert!(with.len() <= 1, "{family}: several declarations");
            for e in &entries {
                assert!(
                    e.declared.is_none() || e.declaration.is_some(),
                    "{}: `declared` without a declaration",
                    e.id
                );
            }
            if let Some(e) = with.first() {
                shown.push((
                    family,
                    e.id.as_str().to_owned(),
                    e.declared_state().unwrap().en.clone(),
                ));
            }
        }
        shown.sort();
        assert_eq!(
            shown,
            [
                (
                    "classical",
                    "M53–M56".to_owned(),
                    "Original Call".to_owned()
                ),
                ("japanese", "J3-Y4".to_owned(), "Riichi".to_owned()),
                ("kajongg", "KJ-S10".to_owned(), "Original Call".to_owned()),
                ("korean", "K3-P9".to_owned(), "Ready".to_owned()),
            ]
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let text = "[[rule]]\nid = \"X1\"\nkey = \"x1\"\nkind = \"score\"\nen = \"a\"\ncs = \"b\"\npl = \"c\"\ntext = { en = \"x\", cs = \"y\", pl = \"z\" }\nde = \"d\"\n";
        assert!(parse("x", text).unwrap_err().contains("unknown field `de`"));
        // The form takes no `units`: the file says them once, at its top.
        let rule = "[[rule]]\nid = \"X1\"\nkey = \"x1\"\nkind = \"score\"\nen = \"a\"\ncs = \"b\"\npl = \"c\"\ntext = { en = \"x\", cs = \"y\", pl = \"z\" }\n";
        let text = format!("units = \"fan\"\n[form]\nunits = \"fan\"\n{rule}");
        assert!(parse("x", &text)
            .unwrap_err()
            .contains("unknown field `units`"));
        let text = format!("units = \"fan\"\n[form]\nflags = [{{ field = \"heaven\" }}]\n{rule}");
        let (_, form) = parse_file("x", &text).unwrap();
        assert_eq!(
            (form.flags[0].field.as_str(), form.units),
            ("heaven", Units::Fan)
        );
    }

    #[test]
    fn a_form_value_has_one_label() {
        let rule = "[[rule]]\nid = \"X1\"\nkey = \"x1\"\nkind = \"score\"\nen = \"a\"\ncs = \"b\"\npl = \"c\"\ntext = { en = \"x\", cs = \"y\", pl = \"z\" }\n";
        let form = |values: &str| {
            let text = format!(
                "[form]\n[[form.options]]\noption = \"o\"\nrule = \"X1\"\nvalues = [{values}]\n{rule}"
            );
            parse_file("x", &text).map(|(_, f)| f)
        };
        let f = form(
            r#"{ value = "a", rule = "X1" }, { value = "b", en = "B", cs = "Bé", pl = "Be" }"#,
        )
        .unwrap();
        let v = &f.options[0].values;
        assert_eq!(
            (v[0].value.as_str(), v[0].rule.as_deref()),
            ("a", Some("X1"))
        );
        assert_eq!(v[1].names.as_ref().map(|n| n.get(Lang::Cs)), Some("Bé"));
        // Neither label, both, or names in only some languages.
        for bad in [
            r#"{ value = "a" }"#,
            r#"{ value = "a", rule = "X1", en = "A", cs = "A", pl = "A" }"#,
            r#"{ value = "a", en = "A", cs = "A" }"#,
        ] {
            let e = form(bad).unwrap_err();
            assert!(e.contains("value \"a\""), "{bad}: {e}");
        }
    }

    #[test]
    fn translate_picks_the_variant() {
        assert_eq!(
            translate("M114b", "exposed pung of majors", Lang::Cs),
            Some("vyložený pong velkých kamenů")
        );
        assert_eq!(translate("M114b", "something else", Lang::Pl), Some("pung"));
        assert_eq!(
            translate("M29", "seven pairs", Lang::Pl),
            Some("siedem par")
        );
        assert_eq!(translate("X-1", "seven pairs", Lang::Pl), None);
    }
}
