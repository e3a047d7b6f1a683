//! Octal and take-and-break games on sums of heaps: `octal --code d0.d1d2...` (any code, octal or
//! `0x` hexadecimal), and the games users know by name: `kayles` (0.77), `dawson-kayles` (0.07),
//! `dawsons-chess` (0.137) and `grundy-game` (split a heap into two unequal heaps). The rules,
//! codes and the sequence engine are in [`crate::octal`]; this file makes them rulesets.
//!
//! Theory (normal play): by the Sprague–Grundy theorem a sum's value is the nim-sum of its heaps'
//! values `G(h)`, and a move wins when it takes a heap to the value `G(h) ^ X` (`X` the nim-sum).
//! When the ruleset is built, [`analyze_with`] computes `G(0), G(1), ...` under a part of the
//! budget and stops at the Guy–Smith certificate of the period (docs/octal.md has the proof):
//! from then on `G(h) = G(l + (h - l) mod p)` answers heaps of any size, and the winning
//! splits of a large heap come by residue classes ([`known`]). Without a certificate within the
//! budget (or for Grundy's game, which no periodicity theorem covers) the computed values still
//! answer every heap they reach, exactly; larger heaps fall to the generic search.
//!
//! Misère play: from the game's misère quotient ([`crate::rulesets::misere`], Plambeck–Siegel),
//! computed at the first misère question; a heap it does not reach is left to the generic
//! search. Several players: by the generic search.

mod known;
mod tables;
#[cfg(test)]
mod tests;

use std::ops::ControlFlow;
use std::sync::{Arc, PoisonError, RwLock};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::analysis::{Analysis, Basis, GrundyValue, MoveReport, Ruleset, SearchCost};
use crate::analysis::{Capabilities, CodeSource, PeriodTheorem, Research, RulesSource, RulesetInfo};
use crate::bigint::{join, to_bigs};
use crate::budget::{Budget, UNITS_PER_POSITION};
use crate::error::{EngineError, Task};
use crate::game::{Game, Outcome, Play};
use crate::lang::{say, Lang, Words};
use crate::octal::game::MoveMenu;
use crate::octal::{
    analyze_with, describe_heap_move, describe_row_move, GameRules, OctalCode, PeriodOutcome, SequenceError,
    SequenceMethod, MAX_VALUES,
};
use crate::positions::SortedTuples;
use crate::rulesets::{engine, misere};
use crate::spec::{Board, Drawing, GameSpec, ParamDecl, ParamKind, ParamTexts, Texts, Token};
use crate::tables::{Grid, GridRequest, Sequence, SequenceRequest, TableError};
use crate::{AnyGame, Exhausted};

use known::{HeapMoves, Known};

/// The position format shared by every take-and-break ruleset.
const POSITION: &str = "heap sizes (a sum of heaps; each move is made in one heap)";

/// The default bound of `verify`: every position of at most two heaps up to it.
const VERIFY_BOUND: u64 = 16;

/// What a game of the take-and-break code `source` answers fast: its sequence by the octal
/// engine or its certified period, two heaps by nim-sum, the period certified by the Guy–Smith
/// theorem, misère play by its quotient. The code is written once, here, for the build and
/// every capability.
const fn take_and_break(source: CodeSource) -> Capabilities {
    Capabilities {
        fast_sequence: true,
        fast_grid: true,
        certified_period: Some(PeriodTheorem::GuySmith),
        any_size: true,
        nim_sum_of_heaps: true,
        research: &[],
        loopy: None,
        misere_quotient: Some(source),
        take_and_break: Some(RulesSource::Code(source)),
    }
}

/// [`take_and_break`] of the `code` parameter, and atlases over patterns of codes.
const TAKE_AND_BREAK_CODES: Capabilities =
    Capabilities { research: &[Research::CodeAtlas], ..take_and_break(CodeSource::Param { param: "code" }) };

/// [`take_and_break`] for a game of the fixed `code`.
const fn fixed_code(code: &'static str) -> Capabilities {
    take_and_break(CodeSource::Fixed { code })
}

/// The declaration of `octal --code`.
pub(crate) const OCTAL: RulesetInfo = RulesetInfo {
    name: "octal",
    title: "Octal game",
    summary: "take-and-break games on heaps by an octal code (--code 0.07), Winning Ways' notation",
    rules: "Several heaps. Digit d_j of the code d0.d1d2... says how j tokens may be removed from one heap: \
            bit 1 when they are the whole heap, bit 2 leaving one heap, bit 4 leaving two heaps (a split); \
            d0 = 4 splits a heap without removing anything. Hexadecimal codes (0x...) add bit 8: leaving \
            three heaps.",
    position: POSITION,
    example_position: "5 8 13",
    params: &[CODE],
    drawing: Drawing::of(Board::Pins, Token::Pin),
    zh: Texts {
        title: "八进制博弈（取走并分堆）",
        rules: "有几堆石子。代码 d0.d1d2… 的第 j 位数字 d_j 说明从一堆中取走 j 个石子的方式：位 1 表示取走的是整堆，位 2 表示取后剩下一堆，位 4 表示取后剩下两堆（把这堆分成两堆）；d0 = 4 表示不取石子而把一堆分成两堆。十六进制代码（0x…）多一个位 8：取后剩下三堆。",
        position: "各堆的石子数（几堆之和；每一步只在其中一堆进行）",
        params: &[
            ParamTexts { name: "code", label: "八进制代码", help: "游戏的代码 d0.d1d2…（《Winning Ways》的记法）：0.77 是 Kayles，0.07 是 Dawson 的 Kayles，还有 4.07；十六进制写作 0x…" },
        ],
    },
    capabilities: TAKE_AND_BREAK_CODES,
    verify_bound: VERIFY_BOUND,
    build: |spec, budget| build_declared(&OCTAL, spec, budget),
};

/// The declaration of Kayles.
pub(crate) const KAYLES: RulesetInfo = RulesetInfo {
    name: "kayles",
    title: "Kayles",
    summary: "rows of pins; knock down one pin or two adjacent ones (octal 0.77)",
    rules: "Rows of pins. A move knocks down one pin or two adjacent pins, which may split a row in two. \
            The octal game 0.77.",
    position: "row lengths (a sum of rows)",
    example_position: "10",
    params: &[],
    drawing: Drawing::of(Board::Pins, Token::Pin),
    zh: Texts {
        title: "Kayles（击瓶博弈）",
        rules: "几排瓶子。每一步击倒一个瓶子或相邻的两个瓶子，一排可能因此断成两排。即八进制博弈 0.77。",
        position: "各排的瓶子数（几排之和）",
        params: &[],
    },
    capabilities: fixed_code("0.77"),
    verify_bound: VERIFY_BOUND,
    build: |spec, budget| build_declared(&KAYLES, spec, budget),
};

/// The declaration of Dawson's Kayles.
pub(crate) const DAWSON_KAYLES: RulesetInfo = RulesetInfo {
    name: "dawson-kayles",
    title: "Dawson's Kayles",
    summary: "rows of pins; knock down two adjacent pins (octal 0.07)",
    rules: "Rows of pins. A move knocks down two adjacent pins, which may split a row in two. The octal \
            game 0.07.",
    position: "row lengths (a sum of rows)",
    example_position: "5 8 13",
    params: &[],
    drawing: Drawing::of(Board::Pins, Token::Pin),
    zh: Texts {
        title: "Dawson 的 Kayles",
        rules: "几排瓶子。每一步击倒相邻的两个瓶子，一排可能因此断成两排。即八进制博弈 0.07。",
        position: "各排的瓶子数（几排之和）",
        params: &[],
    },
    capabilities: fixed_code("0.07"),
    verify_bound: VERIFY_BOUND,
    build: |spec, budget| build_declared(&DAWSON_KAYLES, spec, budget),
};

/// The declaration of Dawson's chess.
pub(crate) const DAWSONS_CHESS: RulesetInfo = RulesetInfo {
    name: "dawsons-chess",
    title: "Dawson's chess",
    summary: "Dawson's chess (pawns on 3 × n boards) as the octal game 0.137",
    rules: "Heaps of tokens. A move takes one token if it is the whole heap, one or two if they leave one \
            heap, or three, leaving at most two heaps. The octal game 0.137: Dawson's chess, whose \
            values are Dawson's Kayles shifted by one.",
    position: POSITION,
    example_position: "9",
    params: &[],
    drawing: Drawing::of(Board::Pins, Token::Pin),
    zh: Texts {
        title: "Dawson 象棋",
        rules: "几堆石子。取走一个石子仅当它是整堆；取走两个石子须取完整堆或剩下一堆；取走三个石子后可剩下零堆、一堆或两堆。即八进制博弈 0.137：Dawson 象棋（3 × n 棋盘上的兵），其 SG 值是 Dawson 的 Kayles 的 SG 值平移一位。",
        position: "各堆的石子数（几堆之和；每一步只在其中一堆进行）",
        params: &[],
    },
    capabilities: fixed_code("0.137"),
    verify_bound: VERIFY_BOUND,
    build: |spec, budget| build_declared(&DAWSONS_CHESS, spec, budget),
};

/// The declaration of Grundy's game.
pub(crate) const GRUNDY_GAME: RulesetInfo = RulesetInfo {
    name: "grundy-game",
    title: "Grundy's game",
    summary: "split one heap into two unequal non-empty heaps (Grundy's game)",
    rules: "Several heaps. A move splits one heap into two non-empty heaps of different sizes.",
    position: POSITION,
    example_position: "20",
    params: &[],
    drawing: Drawing::HEAPS,
    zh: Texts {
        title: "Grundy 博弈",
        rules: "有几堆石子。每一步把一堆分成两堆大小不同的非空石子堆。",
        position: "各堆的石子数（几堆之和；每一步只在其中一堆进行）",
        params: &[],
    },
    capabilities: Capabilities {
        fast_sequence: true,
        fast_grid: true,
        nim_sum_of_heaps: true,
        take_and_break: Some(RulesSource::GrundyGame),
        ..Capabilities::NONE
    },
    verify_bound: VERIFY_BOUND,
    build: |spec, budget| build_declared(&GRUNDY_GAME, spec, budget),
};

/// The `code` parameter: an [`OctalCode`].
const CODE: ParamDecl = ParamDecl {
    name: "code",
    label: "octal code",
    help: "the game's code d0.d1d2... (Winning Ways): 0.77 Kayles, 0.07 Dawson's Kayles, 4.07; 0x... for \
           hexadecimal",
    kind: ParamKind::Text {
        syntax: "d0.d1d2... with octal digits 0-7 (d0 is 0 or 4), or 0x followed by hexadecimal digits",
        repeatable: false,
        canonical: canonical_code,
    },
    default: None,
    example: "0.07",
};

/// The code in canonical form (`.07` is `0.07`), or why it is not a code: the character and the
/// digit at fault.
fn canonical_code(text: &str) -> Result<String, Words> {
    text.parse::<OctalCode>().map(|code| code.to_string()).map_err(|e| e.words())
}

/// The most values computed when a ruleset is built (beside the work it may spend): 20 MB.
pub(crate) const BUILD_LIMIT: u64 = 10_000_000;

/// The most work the build spends on the sequence (about half a second), whatever the budget:
/// more is for `nimlab period`, or for a question on a larger heap.
pub(crate) const BUILD_WORK: u64 = 200_000_000 / crate::octal::OPERATIONS_PER_UNIT;

/// The most winning moves a theory answer lists (a heap of `h` may have about `h/2`).
pub(crate) const MAX_LISTED: usize = 100_000;

/// The game's name in texts: "Kayles (0.77)", "0.16", "Grundy's game"; in Chinese
/// "Kayles 游戏（0.77）", "0.16", "Grundy 博弈".
pub fn title(rules: &GameRules, lang: Lang) -> String {
    let name = match rules {
        GameRules::Octal(code) if *code == OctalCode::kayles() => lang.pick("Kayles", "Kayles 游戏"),
        GameRules::Octal(code) if *code == OctalCode::dawson_kayles() => {
            lang.pick("Dawson's Kayles", "Dawson 的 Kayles")
        }
        GameRules::Octal(code) if *code == OctalCode::dawsons_chess() => {
            lang.pick("Dawson's chess", "Dawson 象棋")
        }
        GameRules::GrundyGame if lang == Lang::Zh => return "Grundy 博弈".into(),
        _ => return rules.to_string(),
    };
    say!(lang, "{name} ({rules})", "{name}（{rules}）")
}

/// Builds the take-and-break game `spec` names from the rules its declaration `info` gives (the
/// capability `take_and_break`, which `period` reads too).
fn build_declared(
    info: &RulesetInfo,
    spec: &GameSpec,
    budget: &Budget,
) -> Result<Box<dyn AnyGame>, EngineError> {
    let source = info.capabilities.take_and_break.expect("a take-and-break declaration names its rules");
    Ok(engine(spec, TakeAndBreak::new(source.rules(spec)?, BUILD_LIMIT, budget)?))
}

/// A take-and-break game on sums of heaps, with what is known of its Grundy sequence.
#[derive(Debug, Clone)]
pub(crate) struct TakeAndBreak {
    rules: GameRules,
    menu: MoveMenu,
    /// What is known of one heap's value: computed when the game is built, and extended (shared
    /// by every clone) when a question needs larger heaps ([`Ruleset::extend_theory`]).
    known: Arc<RwLock<Arc<Known>>>,
    /// The misère quotient, once a misère question computed it (shared by every clone).
    misere: misere::Held,
}

/// The sequence engine's errors as engine errors: a fixed limit (a usage error), or memory.
pub fn sequence_error(error: SequenceError, task: impl FnOnce() -> Task) -> EngineError {
    match error {
        SequenceError::TooManyValues { requested, max } => {
            EngineError::InvalidRequest(crate::error::RequestError::TooManyValues { requested, max })
        }
        SequenceError::OutOfMemory { bytes, .. } => {
            EngineError::Exhausted { task: Box::new(task()), cause: Exhausted::Memory { bytes } }
        }
    }
}

impl TakeAndBreak {
    /// A move on one heap in words, as the game is drawn: rows of pins for the octal games
    /// (their declarations draw pins), heaps of stones for Grundy's game.
    pub(crate) fn describe_heap_move(
        &self,
        heap: &BigUint,
        take: u64,
        leaves: &[BigUint],
        lang: Lang,
    ) -> String {
        match self.rules {
            GameRules::Octal(_) => describe_row_move(heap, take, leaves, lang),
            GameRules::GrundyGame => describe_heap_move(heap, take, leaves, lang),
        }
    }

    /// The game of `rules`, its sequence computed up to the period's certificate, `limit` values,
    /// or the part of `budget` it gets (half of what is left, at most [`BUILD_WORK`] units),
    /// whichever comes first. Without a certificate the values computed are kept.
    ///
    /// # Errors
    /// [`EngineError::Exhausted`] when the deadline or a cancellation stops it (running out of
    /// work only stops the certification).
    pub(crate) fn new(rules: GameRules, limit: u64, budget: &Budget) -> Result<Self, EngineError> {
        let menu = match &rules {
            GameRules::Octal(code) => MoveMenu::of_code(code),
            GameRules::GrundyGame => MoveMenu::grundy_game(),
        };
        let part = budget.sub_budget((budget.remaining() / 2).min(BUILD_WORK));
        let (known, stopped) = compute_known(&rules, limit, &part, |_, _| true)?;
        if let Some(cause) = stopped.filter(|cause| !cause.is_budget()) {
            return Err(EngineError::Exhausted {
                task: Box::new(Task::ComputeSequence { game: rules.to_string() }),
                cause,
            });
        }
        Ok(TakeAndBreak {
            rules,
            menu,
            known: Arc::new(RwLock::new(Arc::new(known))),
            misere: misere::Held::default(),
        })
    }

    /// The misère quotient of an octal code, computed at the first question that can afford it.
    fn misere_theory(&self, budget: &Budget) -> Result<Option<Arc<misere::MisereTheory>>, EngineError> {
        match &self.rules {
            GameRules::Octal(code) => misere::ensure(&self.misere, code, budget).map(Some),
            GameRules::GrundyGame => Ok(None),
        }
    }

    /// What is known now of one heap's value.
    fn known(&self) -> Arc<Known> {
        Arc::clone(&self.known.read().unwrap_or_else(PoisonError::into_inner))
    }

    #[cfg(test)]
    /// The certified `(preperiod, period)`, if found when the game was built.
    pub(crate) fn period(&self) -> Option<(u64, u64)> {
        match self.known().as_ref() {
            Known::Periodic(c) => Some((c.preperiod, c.period)),
            Known::Prefix(_) => None,
        }
    }

    #[cfg(test)]
    /// How many values were computed when no period was certified: heaps below it are answered
    /// from them (`None`: a certified period answers every heap).
    pub(crate) fn values_computed(&self) -> Option<u64> {
        self.known().computed()
    }

    #[cfg(test)]
    /// `G(heap)`, when known (always with a certified period).
    pub(crate) fn heap_value(&self, heap: &BigUint) -> Option<u32> {
        self.known().value(heap)
    }

    /// Every move of the heap at `index` (`O(1)` per move, lazily), as the position it leads to:
    /// the heap replaced by the heaps left, the others in their order.
    fn for_each_heap_move(
        &self,
        position: &[u64],
        index: usize,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let heap = position[index];
        let mut leave = |leaves: &[u64]| {
            let mut after = Vec::with_capacity(position.len() + leaves.len());
            after.extend_from_slice(&position[..index]);
            after.extend_from_slice(leaves);
            after.extend_from_slice(&position[index + 1..]);
            visit(after)
        };
        let menu = &self.menu;
        for &j in &menu.whole {
            if heap == j as u64 {
                leave(&[])?;
            }
        }
        for &j in &menu.take {
            if heap > j as u64 {
                leave(&[heap - j as u64])?;
            }
        }
        for &j in &menu.split {
            let Some(rest) = heap.checked_sub(j as u64) else { continue };
            for a in 1..=rest / 2 {
                if !(menu.unequal && 2 * a == rest) {
                    leave(&[a, rest - a])?;
                }
            }
        }
        for &j in &menu.split3 {
            let Some(rest) = heap.checked_sub(j as u64) else { continue };
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    leave(&[a, b, rest - a - b])?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// At most how many options a position of `total` tokens has: at most `total` heaps, each with
    /// its removals, and the splits of heaps summing to `total` (saturating).
    fn options_bound(&self, total: u64) -> u128 {
        let menu = &self.menu;
        let total = u128::from(total);
        let removals = (menu.whole.len() + menu.take.len()) as u128;
        let splits = menu.split.len() as u128 * (total / 2);
        let triples = (menu.split3.len() as u128).saturating_mul((total * total + 6) / 12);
        removals.saturating_mul(total).saturating_add(splits).saturating_add(triples)
    }

    /// How many moves a heap of `heap` has (saturating).
    fn heap_move_count(&self, heap: u64) -> u128 {
        let menu = &self.menu;
        let rest = |j: usize| u128::from(heap.saturating_sub(j as u64));
        let whole = menu.whole.iter().filter(|&&j| heap == j as u64).count() as u128;
        let take = menu.take.iter().filter(|&&j| heap > j as u64).count() as u128;
        let split: u128 = menu.split.iter().map(|&j| rest(j) / 2).sum();
        let split3: u128 = menu.split3.iter().map(|&j| (rest(j) * rest(j) + 6) / 12).sum();
        whole + take + split + split3
    }

    /// The winning moves (normal play) of a position whose heaps have the values `values`, to a
    /// position of value `target`: at most `max` listed, with their count when known. `None` when
    /// a heap's moves need values that are not known.
    fn moves_to_sum_value(
        &self,
        heaps: &[BigUint],
        values: &[u32],
        target: u32,
        max: usize,
        lang: Lang,
    ) -> Option<(Vec<MoveReport>, Option<BigUint>)> {
        let total = values.iter().fold(0, |x, v| x ^ v);
        let known = self.known();
        let mut listed = Vec::new();
        let mut count = Some(BigUint::zero());
        for (index, heap) in heaps.iter().enumerate() {
            // Equal heaps have the same moves, listed once (on the first).
            if heaps[..index].contains(heap) {
                continue;
            }
            let HeapMoves { listed: moves, count: heap_count } =
                known.moves_to(&self.menu, heap, total ^ values[index] ^ target, max - listed.len())?;
            count = count.zip(heap_count).map(|(a, b)| a + b);
            listed.extend(moves.into_iter().map(|(take, leaves)| MoveReport {
                text: self.describe_heap_move(heap, take, &leaves, lang),
                to: crate::analysis::CheckedPosition::new(splice(heaps, index, leaves)),
            }));
        }
        Some((listed, count))
    }
}

/// What is known of `rules`' sequence: its values up to the period's certificate or `limit`
/// values, the engine's work charged to `budget`, and what stopped it early, if anything (the
/// values computed are kept then). `keep_going(values, work)` may stop it too.
///
/// # Errors
/// The sequence engine's errors (a fixed limit, memory).
fn compute_known(
    rules: &GameRules,
    limit: u64,
    budget: &Budget,
    mut keep_going: impl FnMut(u64, u64) -> bool,
) -> Result<(Known, Option<Exhausted>), EngineError> {
    let (mut charged, mut stopped) = (0, None);
    let (outcome, sequence) = analyze_with(rules, limit.min(MAX_VALUES), SequenceMethod::Auto, |progress| {
        // What the sequence holds: its values (reserved ahead, 2 bytes each while narrow, 4 once
        // widened), the rare list and scratch.
        let paid = budget.charge(progress.work - charged).and_then(|()| budget.check_memory(progress.held));
        if let Err(cause) = paid {
            stopped = Some(cause);
            return false;
        }
        charged = progress.work;
        keep_going(progress.values, progress.work)
    })
    .map_err(|e| sequence_error(e, || Task::ComputeSequence { game: rules.to_string() }))?;
    let known = match outcome {
        Some(PeriodOutcome::Certified(period)) => Known::Periodic(period),
        _ => Known::Prefix(sequence),
    };
    Ok((known, stopped))
}

/// `heaps` with the heap at `index` replaced by `leaves` (the order of `HeapMove::apply`).
fn splice(heaps: &[BigUint], index: usize, leaves: Vec<BigUint>) -> Vec<BigUint> {
    let mut after = heaps[..index].to_vec();
    after.extend(leaves);
    after.extend_from_slice(&heaps[index + 1..]);
    after
}

impl Game for TakeAndBreak {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        crate::game::gather_options(self, position)
    }

    /// Lazily, heap by heap (equal heaps once): a split of a heap of `h` has `h/2` options.
    fn for_each_option(
        &self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(Vec<u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for index in 0..position.len() {
            if !position[..index].contains(&position[index]) {
                self.for_each_heap_move(position, index, visit)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The sorted heaps without empty ones.
    fn canonical(&self, position: &Vec<u64>) -> Vec<u64> {
        let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        heaps
    }
}

/// "G(5) ^ G(8) ^ G(13) = 0 ^ 1 ^ 2 = 3" (or "G(8) = 1"), the heaps reduced by the period named
/// after it, shortened for long positions.
fn value_text(heaps: &[BigUint], values: &[u32], known: &Known, lang: Lang) -> String {
    const SHOWN: usize = 12;
    let shown = heaps.len().min(SHOWN);
    let more = if heaps.len() > SHOWN {
        say!(lang, " ^ ... ({} heaps)", " ^ ...（共 {} 堆）", heaps.len())
    } else {
        String::new()
    };
    let terms: Vec<String> = heaps[..shown].iter().map(|h| format!("G({h})")).collect();
    let numbers: Vec<String> = values[..shown].iter().map(u32::to_string).collect();
    let total = values.iter().fold(0, |x, v| x ^ v);
    let mut text = if heaps.len() == 1 {
        format!("{} = {total}", terms[0])
    } else {
        format!("{}{more} = {}{more} = {total}", terms.join(" ^ "), numbers.join(" ^ "))
    };
    if let Known::Periodic(c) = known {
        let reduced: Vec<String> = heaps[..shown]
            .iter()
            .filter_map(|h| {
                let index = match h.to_u64() {
                    Some(small) if small < c.preperiod + c.period => return None,
                    Some(small) => c.reduce(small),
                    None => c.preperiod + ((h - c.preperiod) % c.period).to_u64()?,
                };
                Some(format!("G({h}) = G({index})"))
            })
            .collect();
        if !reduced.is_empty() {
            text.push_str(&say!(
                lang,
                " (period {} from {}: {})",
                "（周期 {}，从 {} 开始：{}）",
                c.period,
                c.preperiod,
                reduced.join(lang.pick(", ", "，"))
            ));
        }
    }
    text
}

impl Ruleset for TakeAndBreak {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        numbers.iter().map(ToPrimitive::to_u64).collect()
    }

    fn numbers(&self, position: &Vec<u64>) -> Vec<BigUint> {
        to_bigs(position)
    }

    /// At least the root's moves and one stored position for each of the largest heap's options;
    /// at most one stored position per combination of the multisets of heaps each heap can become
    /// (the partitions of the numbers up to it), each with at most [`Self::options_bound`] options.
    fn search_cost(&self, numbers: &[BigUint]) -> SearchCost {
        let Some(heaps) = self.search_position(numbers) else { return SearchCost::default() };
        let units = u128::from(UNITS_PER_POSITION);
        let root: u128 = heaps.iter().map(|&h| self.heap_move_count(h)).fold(0, u128::saturating_add);
        let largest = heaps.iter().map(|&h| self.heap_move_count(h)).max().unwrap_or(0);
        let at_least = root.saturating_add(largest.saturating_mul(units));
        let total: u64 = heaps.iter().fold(0, |t, &h| t.saturating_add(h));
        let at_most = partition_sums(heaps.iter().copied().max().unwrap_or(0)).map(|sums| {
            let states = heaps.iter().fold(1u128, |s, &h| s.saturating_mul(sums[h as usize]));
            BigUint::from(states.saturating_mul(self.options_bound(total).saturating_add(units)))
        });
        SearchCost { at_least: BigUint::from(at_least), at_most }
    }

    /// Computes the values up to the largest heap of `numbers` when they are not known yet (and
    /// certifies the period on the way where it can), under the question's budget: the values
    /// of a take-and-break game answer every heap they reach, so a heap of 10^6 costs the
    /// sequence, never a search. Goes on past that heap while the extra costs no more than
    /// reaching it, so that questions on growing heaps do not recompute the sequence each time.
    fn extend_theory(&self, numbers: &[BigUint], play: Play, budget: &Budget) -> Result<(), EngineError> {
        if play == Play::Misere {
            // Less than the quotient's fixed work left (a small --budget, a fast lane) is an
            // error, so that every surface answers from the quotient.
            if let GameRules::Octal(code) = &self.rules {
                misere::ensure(&self.misere, code, budget)?;
            }
            return Ok(());
        }
        let Some(computed) = self.known().computed() else { return Ok(()) };
        let largest = numbers.iter().max().and_then(ToPrimitive::to_u64).unwrap_or(0);
        if play != Play::Normal || largest < computed || largest >= MAX_VALUES {
            return Ok(());
        }
        let needed = largest + 1;
        let target = needed.checked_next_power_of_two().unwrap_or(MAX_VALUES).min(MAX_VALUES);
        let mut work_at_needed = None;
        let (known, stopped) = compute_known(&self.rules, target, budget, |values, work| {
            let reached = *work_at_needed.get_or_insert(work);
            values < needed || work <= reached.saturating_mul(2)
        })?;
        if known.computed().is_some_and(|values| values < needed) {
            let cause = stopped.unwrap_or(Exhausted::Work { limit: budget.limit() });
            let task = Task::ComputeGrundyValues { game: self.rules.to_string(), largest };
            return Err(EngineError::Exhausted { task: Box::new(task), cause });
        }
        let mut held = self.known.write().unwrap_or_else(PoisonError::into_inner);
        if held.computed().is_some_and(|before| known.computed().is_none_or(|now| now > before)) {
            *held = Arc::new(known);
        }
        Ok(())
    }

    fn describe_move(&self, from: &[BigUint], to: &[BigUint], lang: Lang) -> String {
        // `to` is `from` with one heap replaced by the heaps it leaves (0 to 3 of them).
        if let Some(count) = (to.len() + 1).checked_sub(from.len()) {
            for index in 0..from.len() {
                let leaves = &to[index..index + count];
                let sum: BigUint = leaves.iter().sum();
                if from[..index] == to[..index]
                    && from[index + 1..] == to[index + count..]
                    && sum <= from[index]
                    && leaves.windows(2).all(|w| w[0] <= w[1])
                {
                    if let Some(take) = (&from[index] - sum).to_u64() {
                        return self.describe_heap_move(&from[index], take, leaves, lang);
                    }
                }
            }
        }
        say!(lang, "move to {}", "走到 {}", join(to, " "))
    }

    fn theorem(&self, play: Play, lang: Lang) -> Option<String> {
        if play == Play::Misere {
            return self.misere.get().map(|theory| theory.theorem(&title(&self.rules, lang), lang));
        }
        Some(match (self.known().as_ref(), &self.rules) {
            (Known::Periodic(c), _) => say!(
                lang,
                "{} is periodic from {} with period {} (certified by the Guy–Smith periodicity theorem, \
                 checked to {}); a sum's value is the nim-sum of its heaps' values",
                "{}：SG 值从 {} 起以 {} 为周期（由 Guy–Smith 周期性定理证明，检验到 {}）；\
                 几堆之和的 SG 值是各堆 SG 值的异或和",
                title(&self.rules, lang),
                c.preperiod,
                c.period,
                c.certificate.checked_to
            ),
            // How far the values go depends on the questions asked so far, not on the game: the
            // text does not say, so that every surface gives the same answer.
            (Known::Prefix(_), GameRules::GrundyGame) => say!(
                lang,
                "Grundy's game: values computed exactly by the sequence engine, as far as the heaps asked \
                 about (no periodicity theorem applies); a sum's value is the nim-sum of its heaps' values",
                "Grundy 博弈：SG 值由序列引擎精确算出，算到所问的堆为止（没有适用的周期性定理）；\
                 几堆之和的 SG 值是各堆 SG 值的异或和",
            ),
            (Known::Prefix(_), _) => say!(
                lang,
                "{}: values computed exactly by the sequence engine, as far as the heaps asked about (no \
                 period certified yet); a sum's value is the nim-sum of its heaps' values",
                "{}：SG 值由序列引擎精确算出，算到所问的堆为止（尚未证明周期）；\
                 几堆之和的 SG 值是各堆 SG 值的异或和",
                title(&self.rules, lang),
            ),
        })
    }

    fn theory(&self, numbers: &[BigUint], play: Play, max_moves: usize, lang: Lang) -> Option<Analysis> {
        let theorem = self.theorem(play, lang)?;
        if play == Play::Misere {
            let theory = self.misere.get()?;
            let report = |index: usize, take: u64, leaves: &[BigUint]| {
                let mut to = numbers[..index].to_vec();
                to.extend_from_slice(leaves);
                to.extend_from_slice(&numbers[index + 1..]);
                MoveReport {
                    text: self.describe_heap_move(&numbers[index], take, leaves, lang),
                    to: crate::analysis::CheckedPosition::new(to),
                }
            };
            let mut analysis = theory.answer(numbers, max_moves.min(MAX_LISTED), theorem, lang, &report)?;
            analysis.limit_moves(max_moves);
            return Some(analysis);
        }
        let known = self.known();
        let values: Vec<u32> = numbers.iter().map(|h| known.value(h)).collect::<Option<_>>()?;
        let total = values.iter().fold(0, |x, v| x ^ v);
        let formula = value_text(numbers, &values, &known, lang);
        // A table asks for no moves: counting them would cost O(heap) per heap.
        let (moves, count) = if total == 0 || max_moves == 0 {
            (Vec::new(), (total == 0).then(BigUint::zero))
        } else {
            self.moves_to_sum_value(numbers, &values, 0, max_moves.min(MAX_LISTED), lang)?
        };
        let reason = match moves.first() {
            _ if total == 0 && numbers.len() == 1 => say!(
                lang,
                "{formula}: no move leads to value 0",
                "{formula}：没有一步能走到 SG 值为 0 的局面，这是必败态（P）"
            ),
            _ if total == 0 => say!(
                lang,
                "{formula}: every move changes the nim-sum, so no move leads to 0",
                "{formula}：每一步都会改变异或和，所以没有一步能走到 SG 值 0，这是必败态（P）"
            ),
            Some(first) => say!(
                lang,
                "{formula}, so {} to reach value 0",
                "{formula}，所以{}，走到 SG 值为 0 的必败态（P）",
                first.text
            ),
            None => say!(
                lang,
                "{formula}, not 0, so some move leads to value 0",
                "{formula}，不为 0，所以有一步能走到 SG 值为 0 的必败态（P）"
            ),
        };
        let complete = count.as_ref().is_some_and(|c| *c == BigUint::from(moves.len()));
        Some(Analysis {
            outcome: if total == 0 { Outcome::P } else { Outcome::N },
            grundy: GrundyValue::Value(BigUint::from(total)),
            winning_move_count: count.as_ref().and_then(ToPrimitive::to_u64),
            moves_complete: complete,
            winning_moves: moves,
            reason,
            basis: Basis::Theory(theorem),
        })
    }

    /// Every move to a position of value `target`; `None` (the search then answers) when a value
    /// is not known or there are more than [`MAX_LISTED`] such moves.
    fn theory_moves_to_value(
        &self,
        numbers: &[BigUint],
        target: &BigUint,
        lang: Lang,
    ) -> Option<Vec<MoveReport>> {
        let known = self.known();
        let values: Vec<u32> = numbers.iter().map(|h| known.value(h)).collect::<Option<_>>()?;
        let Some(target) = target.to_u32() else { return Some(Vec::new()) };
        let (moves, count) = self.moves_to_sum_value(numbers, &values, target, MAX_LISTED, lang)?;
        (count? == BigUint::from(moves.len())).then_some(moves)
    }

    /// Grundy values and normal-play outcomes of one heap: the certified period replayed, or the
    /// sequence engine; misère outcomes from the misère quotient where it covers the table's
    /// heaps (otherwise the generic path).
    fn fast_sequence(
        &self,
        request: &SequenceRequest,
        budget: &Budget,
    ) -> Result<Option<Sequence>, TableError> {
        if request.play == Play::Misere {
            let Some(theory) = self.misere_theory(budget)? else { return Ok(None) };
            return Ok(misere::sequence(&theory, &title(&self.rules, Lang::En), request, budget));
        }
        tables::sequence(self.known(), &title(&self.rules, Lang::En), request, budget).map(Some)
    }

    /// Two heaps by nim-sum of one heap's values; misère outcomes from the misère quotient where
    /// it covers the table's heaps (otherwise the generic path).
    fn fast_grid(&self, request: &GridRequest, budget: &Budget) -> Result<Option<Grid>, TableError> {
        if request.play == Play::Misere {
            let Some(theory) = self.misere_theory(budget)? else { return Ok(None) };
            return Ok(misere::grid(&theory, &title(&self.rules, Lang::En), request, budget));
        }
        let what = Words { en: title(&self.rules, Lang::En), zh: title(&self.rules, Lang::Zh) };
        tables::grid(self.known(), &what, request, budget).map(Some)
    }

    fn verification_positions(&self, bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(SortedTuples::new(2, bound).map(|heaps| to_bigs(&heaps)))
    }

    fn verification_count(&self, bound: u64) -> u64 {
        SortedTuples::count(2, bound)
    }
}

/// The largest heap whose partition sums [`partition_sums`] computes; beyond it they exceed
/// any budget anyway.
const PARTITION_LIMIT: u64 = 4_000;

/// `sums[n]` = how many multisets of non-empty heaps have a total of at most `n` (the positions
/// one heap of `n` can become), for `n <= largest`, saturating; `None` beyond
/// [`PARTITION_LIMIT`]. `O(largest^1.5)` by Euler's pentagonal recurrence.
fn partition_sums(largest: u64) -> Option<Vec<u128>> {
    if largest > PARTITION_LIMIT {
        return None;
    }
    let n = largest as usize;
    // p(m) = Σ_{k >= 1} (-1)^(k+1) (p(m - k(3k-1)/2) + p(m - k(3k+1)/2)); p grows, so once a
    // value is too large to compute safely every later one is reported as saturated.
    let mut p = vec![0u128; n + 1];
    p[0] = 1;
    let mut saturated = false;
    for m in 1..=n {
        if saturated {
            p[m] = u128::MAX;
            continue;
        }
        let (mut plus, mut minus) = (0u128, 0u128);
        for k in 1.. {
            let first = k * (3 * k - 1) / 2;
            if first > m {
                break;
            }
            let terms = p[m - first] + if k * (3 * k + 1) / 2 <= m { p[m - k * (3 * k + 1) / 2] } else { 0 };
            if k % 2 == 1 {
                plus = plus.saturating_add(terms);
            } else {
                minus = minus.saturating_add(terms);
            }
        }
        // Below u128::MAX / 256 every sum of the recurrence's (at most 2·√4000) terms fits.
        if p[m - 1] > u128::MAX / 256 {
            saturated = true;
            p[m] = u128::MAX;
        } else {
            p[m] = plus - minus;
        }
    }
    let mut sums = p;
    for m in 1..=n {
        sums[m] = sums[m].saturating_add(sums[m - 1]);
    }
    Some(sums)
}
