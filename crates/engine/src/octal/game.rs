//! The rules as a [`Game`] on sums of heaps, for the generic search, and the moves in words.
//!
//! A position is a multiset of non-empty heaps (a disjoint sum), kept sorted as a `Vec<u64>`.
//! A move picks one heap, removes `j` tokens as the code allows and leaves 0, 1, 2 or 3
//! non-empty heaps in its place.

use std::fmt;

use crate::game::Game;
use crate::lang::{say, Lang};

use super::code::OctalCode;

/// What a code allows, digit by digit: the removals `j` for each kind of move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MoveMenu {
    /// Bit 1: remove `j` when it is the whole heap.
    pub whole: Vec<usize>,
    /// Bit 2: remove `j`, leaving one non-empty heap.
    pub take: Vec<usize>,
    /// Bit 4: remove `j` (0 allowed), leaving two non-empty heaps.
    pub split: Vec<usize>,
    /// Bit 8: remove `j` (0 allowed), leaving three non-empty heaps.
    pub split3: Vec<usize>,
    /// Two-heap splits must leave unequal heaps (Grundy's game).
    pub unequal: bool,
}

impl MoveMenu {
    /// The menu of an octal or hexadecimal code.
    pub(crate) fn of_code(code: &OctalCode) -> Self {
        let with_bit = |bit: u8, from: usize| -> Vec<usize> {
            (from..code.digits().len()).filter(|&j| code.digit(j) & bit != 0).collect()
        };
        MoveMenu {
            whole: with_bit(1, 1),
            take: with_bit(2, 1),
            split: with_bit(4, 0),
            split3: with_bit(8, 0),
            unequal: false,
        }
    }

    /// `s` when the two-heap split digits are `j, j + 1, ..., j + s` (so heaps `n` to `n + s`
    /// split off the same sizes), 0 when they are fewer than two or not consecutive.
    pub(crate) fn consecutive_split_span(&self) -> usize {
        let consecutive = self.split.windows(2).all(|w| w[1] == w[0] + 1);
        if consecutive {
            self.split.len().saturating_sub(1)
        } else {
            0
        }
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps, nothing removed.
    pub(crate) fn grundy_game() -> Self {
        MoveMenu { whole: Vec::new(), take: Vec::new(), split: vec![0], split3: Vec::new(), unequal: true }
    }

    /// Every move on one heap of `heap` tokens, as (tokens removed, heaps left in ascending order).
    /// `O(number of moves)`: up to `heap/2` per two-heap digit and `heap²/12` per three-heap digit.
    pub(crate) fn heap_moves(&self, heap: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        self.visit_moves(heap, |take, leaves| moves.push((take, leaves.to_vec())));
        moves
    }

    /// Calls `visit` with each move of [`MoveMenu::heap_moves`], in the same order, without
    /// allocating (the misère solver lists every heap's options this way).
    pub(crate) fn visit_moves(&self, heap: u64, mut visit: impl FnMut(u64, &[u64])) {
        for &j in &self.whole {
            if heap == j as u64 {
                visit(heap, &[]);
            }
        }
        for &j in &self.take {
            if heap > j as u64 {
                visit(j as u64, &[heap - j as u64]);
            }
        }
        for &j in &self.split {
            let Some(rest) = heap.checked_sub(j as u64) else { continue };
            for a in 1..=rest / 2 {
                if !(self.unequal && 2 * a == rest) {
                    visit(j as u64, &[a, rest - a]);
                }
            }
        }
        for &j in &self.split3 {
            let Some(rest) = heap.checked_sub(j as u64) else { continue };
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    visit(j as u64, &[a, b, rest - a - b]);
                }
            }
        }
    }
}

/// One move on a sum of heaps: remove `take` tokens from the heap at `heap_index` (of `heap`
/// tokens) and leave `leaves` in its place. Displays in words, e.g. "take 2 from the heap of 8,
/// leaving heaps of 1 and 5".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HeapMove {
    /// Index of the heap moved in, in the position as given.
    pub heap_index: usize,
    /// Its size.
    pub heap: u64,
    /// Tokens removed (0 for a pure split).
    pub take: u64,
    /// The non-empty heaps left in its place, ascending.
    pub leaves: Vec<u64>,
}

impl HeapMove {
    /// The position after the move: the moved heap replaced by `leaves`, the other heaps in
    /// their order.
    pub fn apply(&self, position: &[u64]) -> Vec<u64> {
        let mut after = position[..self.heap_index].to_vec();
        after.extend(&self.leaves);
        after.extend(&position[self.heap_index + 1..]);
        after
    }
}

impl fmt::Display for HeapMove {
    /// In English; [`describe_heap_move`] writes other languages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&describe_heap_move(&self.heap, self.take, &self.leaves, Lang::En))
    }
}

/// The sizes a move leaves as a list ("2 and 4", "2 个和 4 个") and, for Chinese, how many
/// heaps or rows (`measure` 堆 or 排) they make: "两堆", "三排".
fn leaves_in_words<N: fmt::Display>(leaves: &[N], measure: &str, lang: Lang) -> (String, String) {
    let texts: Vec<String> = match lang {
        Lang::En => leaves.iter().map(N::to_string).collect(),
        Lang::Zh => leaves.iter().map(|leaf| format!("{leaf} 个")).collect(),
    };
    let list = match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            say!(lang, "{} and {last}", "{}和 {last}", rest.join(lang.pick(", ", "、")))
        }
        _ => texts.join(""),
    };
    let count = match leaves.len() {
        2 => format!("两{measure}"),
        3 => format!("三{measure}"),
        n => format!("{n} {measure}"),
    };
    (list, count)
}

/// A move in words, for heaps of any size: "take the whole heap of 2", "take 2 from the heap of
/// 8", "take 2 from the heap of 8, leaving heaps of 1 and 5", "split the heap of 6 into heaps of
/// 1 and 5" (`leaves` ascending); in Chinese "从 8 个那堆取走 2 个，剩下 1 个和 5 个两堆".
pub(crate) fn describe_heap_move<N: fmt::Display>(heap: &N, take: u64, leaves: &[N], lang: Lang) -> String {
    let (list, count) = leaves_in_words(leaves, "堆", lang);
    match (take, leaves.len()) {
        (_, 0) => say!(lang, "take the whole heap of {heap}", "把 {heap} 个那堆整堆取走"),
        (0, _) => {
            say!(lang, "split the heap of {heap} into heaps of {list}", "把 {heap} 个那堆分成 {list}{count}")
        }
        (take, 1) => say!(lang, "take {take} from the heap of {heap}", "从 {heap} 个那堆取走 {take} 个"),
        (take, _) => say!(
            lang,
            "take {take} from the heap of {heap}, leaving heaps of {list}",
            "从 {heap} 个那堆取走 {take} 个，剩下 {list}{count}"
        ),
    }
}

/// A move in words for a game drawn as rows of pins (Kayles and the other octal games): "knock
/// down the whole row of 2", "knock down 1 pin at the end of the row of 7", "knock down 2 pins
/// from the row of 12, leaving rows of 5 and 5", "split the row of 6 into rows of 1 and 5"
/// (`leaves` ascending); in Chinese "从 12 个瓶子的那排击倒 2 个，剩下 5 个和 5 个两排".
pub(crate) fn describe_row_move<N: fmt::Display>(row: &N, knock: u64, leaves: &[N], lang: Lang) -> String {
    let (list, count) = leaves_in_words(leaves, "排", lang);
    let pins = if knock == 1 { "pin" } else { "pins" };
    match (knock, leaves.len()) {
        (_, 0) => say!(lang, "knock down the whole row of {row}", "击倒 {row} 个瓶子的那一整排"),
        (0, _) => say!(
            lang,
            "split the row of {row} into rows of {list}",
            "把 {row} 个瓶子的那排分成 {list}{count}"
        ),
        (knock, 1) => say!(
            lang,
            "knock down {knock} {pins} at the end of the row of {row}",
            "从 {row} 个瓶子的那排一端击倒 {knock} 个"
        ),
        (knock, _) => say!(
            lang,
            "knock down {knock} {pins} from the row of {row}, leaving rows of {list}",
            "从 {row} 个瓶子的那排击倒 {knock} 个，剩下 {list}{count}"
        ),
    }
}

/// Every move from `position` under `menu`, once per distinct heap size (on its first heap).
fn position_moves(menu: &MoveMenu, position: &[u64]) -> Vec<HeapMove> {
    let mut moves = Vec::new();
    for (heap_index, &heap) in position.iter().enumerate() {
        if position[..heap_index].contains(&heap) {
            continue;
        }
        for (take, leaves) in menu.heap_moves(heap) {
            moves.push(HeapMove { heap_index, heap, take, leaves });
        }
    }
    moves
}

/// The sorted position without empty heaps (the memo key of the search).
fn canonical_heaps(position: &[u64]) -> Vec<u64> {
    let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
    heaps.sort_unstable();
    heaps
}

/// An octal or hexadecimal game on a sum of heaps.
///
/// ```
/// use nimlab_engine::octal::{OctalCode, OctalGame};
/// use nimlab_engine::{Budget, SolveGame};
///
/// let dawson = OctalGame::new(OctalCode::dawson_kayles());
/// // From a heap of 8, Dawson's Kayles removes 2 and may split the rest.
/// let texts: Vec<String> = dawson.moves(&[8]).iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts[0], "take 2 from the heap of 8");
/// assert_eq!(texts[1], "take 2 from the heap of 8, leaving heaps of 1 and 5");
/// // G(5) = 0, G(8) = 1, G(13) = 2: the sum's value is their nim-sum.
/// assert_eq!(dawson.grundy_value(&vec![5, 8, 13], &Budget::default()).unwrap(), 0 ^ 1 ^ 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalGame {
    code: OctalCode,
    menu: MoveMenu,
}

impl OctalGame {
    /// The game of `code`.
    pub fn new(code: OctalCode) -> Self {
        let menu = MoveMenu::of_code(&code);
        OctalGame { code, menu }
    }

    /// Kayles, `0.77`.
    pub fn kayles() -> Self {
        OctalGame::new(OctalCode::kayles())
    }

    /// Dawson's Kayles, `0.07`.
    pub fn dawson_kayles() -> Self {
        OctalGame::new(OctalCode::dawson_kayles())
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Every move from `position`, once per distinct heap size, in words through `Display`.
    pub fn moves(&self, position: &[u64]) -> Vec<HeapMove> {
        position_moves(&self.menu, position)
    }
}

impl Game for OctalGame {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        position_moves(&self.menu, position).iter().map(|m| canonical_heaps(&m.apply(position))).collect()
    }

    fn canonical(&self, position: &Vec<u64>) -> Vec<u64> {
        canonical_heaps(position)
    }
}

/// Grundy's game: a move splits one heap into two unequal non-empty heaps.
///
/// ```
/// use nimlab_engine::octal::GrundyGame;
/// use nimlab_engine::{Budget, SolveGame};
///
/// let texts: Vec<String> = GrundyGame::new().moves(&[6]).iter().map(|m| m.to_string()).collect();
/// assert_eq!(texts, ["split the heap of 6 into heaps of 1 and 5", "split the heap of 6 into heaps of 2 and 4"]);
/// assert_eq!(GrundyGame::new().grundy_value(&vec![20], &Budget::default()).unwrap(), 0);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyGame {
    menu: MoveMenu,
}

impl Default for GrundyGame {
    fn default() -> Self {
        GrundyGame::new()
    }
}

impl GrundyGame {
    /// The game.
    pub fn new() -> Self {
        GrundyGame { menu: MoveMenu::grundy_game() }
    }

    /// Every move from `position`, once per distinct heap size.
    pub fn moves(&self, position: &[u64]) -> Vec<HeapMove> {
        position_moves(&self.menu, position)
    }
}

impl Game for GrundyGame {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        position_moves(&self.menu, position).iter().map(|m| canonical_heaps(&m.apply(position))).collect()
    }

    fn canonical(&self, position: &Vec<u64>) -> Vec<u64> {
        canonical_heaps(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::solve::SolveGame;

    fn texts(game: &OctalGame, position: &[u64]) -> Vec<String> {
        game.moves(position).iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn moves_in_words() {
        let kayles = OctalGame::kayles();
        assert_eq!(
            texts(&kayles, &[3]),
            [
                "take 1 from the heap of 3",
                "take 2 from the heap of 3",
                "take 1 from the heap of 3, leaving heaps of 1 and 1"
            ]
        );
        assert_eq!(texts(&kayles, &[1]), ["take the whole heap of 1"]);
        let split: OctalCode = "4.".parse().unwrap();
        assert_eq!(
            texts(&OctalGame::new(split), &[4]),
            ["split the heap of 4 into heaps of 1 and 3", "split the heap of 4 into heaps of 2 and 2"]
        );
        let three: OctalCode = "0x0.8".parse().unwrap();
        assert_eq!(
            texts(&OctalGame::new(three), &[7]),
            [
                "take 1 from the heap of 7, leaving heaps of 1, 1 and 4",
                "take 1 from the heap of 7, leaving heaps of 1, 2 and 3",
                "take 1 from the heap of 7, leaving heaps of 2, 2 and 2"
            ]
        );
    }

    #[test]
    fn options_are_canonical_and_moves_keep_the_order() {
        let dawson = OctalGame::dawson_kayles();
        let m = &dawson.moves(&[13, 5, 8])[1];
        assert_eq!(m.apply(&[13, 5, 8]), [1, 10, 5, 8]);
        assert!(dawson
            .options(&vec![13, 5, 8])
            .iter()
            .all(|p| p.windows(2).all(|w| w[0] <= w[1]) && !p.contains(&0)));
        // Equal heaps are moved in once.
        assert_eq!(dawson.moves(&[4, 4]).len(), dawson.moves(&[4]).len());
        assert_eq!(dawson.canonical(&vec![3, 0, 1]), [1, 3]);
    }

    #[test]
    fn subtraction_codes_are_the_subtraction_games() {
        let code = OctalCode::from_subtraction_set(&[1, 3, 4]);
        let game = OctalGame::new(code);
        let values: Vec<u32> =
            (0..14).map(|n| game.grundy_value(&vec![n], &Budget::default()).unwrap()).collect();
        assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    }
}
