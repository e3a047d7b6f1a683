//! A game its caller defines and builds (issue 38: registered and caller-defined games are two
//! types): a request about it is answered on the caller's built game, names it by its name with
//! no parameters, and is refused where the reports would have to build it from a spec.

use nimlab_engine::{
    AnyGame, BigUint, Budget, CustomGame, Engine, EngineError, Game, GameId, GameSpec, GrundyValue, Lang,
    Ruleset,
};
use nimlab_reports::loopy::no_files;
use nimlab_reports::request::{Answer, Question, Request};
use nimlab_reports::solve::SolveAnswer;

/// Nim as a caller writes it (as Python's `Game.from_options` does): any number from one heap.
#[derive(Clone)]
struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &heap) in heaps.iter().enumerate() {
            for left in 0..heap {
                let mut option = heaps.clone();
                option[i] = left;
                options.push(option);
            }
        }
        options
    }
}

impl Ruleset for Nim {
    fn check_position(&self, numbers: &[BigUint]) -> Result<Vec<BigUint>, EngineError> {
        Ok(numbers.to_vec())
    }

    fn search_position(&self, numbers: &[BigUint]) -> Option<Vec<u64>> {
        numbers.iter().map(|n| u64::try_from(n).ok()).collect()
    }

    fn numbers(&self, heaps: &Vec<u64>) -> Vec<BigUint> {
        heaps.iter().map(|&n| n.into()).collect()
    }

    fn describe_move(&self, _from: &[BigUint], to: &[BigUint], _lang: Lang) -> String {
        format!("move to {to:?}")
    }

    fn verification_positions(&self, _bound: u64) -> Box<dyn Iterator<Item = Vec<BigUint>> + '_> {
        Box::new(std::iter::empty())
    }

    fn verification_count(&self, _bound: u64) -> u64 {
        0
    }
}

fn solve(game: GameId) -> Request {
    Request::new(Question::Solve { game, position: vec!["3".into(), "5".into()] })
}

#[test]
fn a_callers_game_is_answered_on_its_built_game_only() {
    let mine = Engine::new(CustomGame::new("nim"), Nim);
    let request = solve(mine.spec().clone());
    let budget = Budget::default();
    let answer = request.decide(&no_files).unwrap().answer_built(&mine, &no_files, &budget).unwrap();
    let Answer::Solve(SolveAnswer::Two(report)) = answer else { panic!("a two-player report: {answer:?}") };
    assert_eq!(report.analysis.grundy, GrundyValue::Value(6u32.into()));
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!((&json["game"], &json["params"]), (&"nim".into(), &serde_json::json!({})));

    // Without the built game the reports cannot build it: no spec names it.
    let err = request.answer(&no_files, &budget).unwrap_err();
    assert!(err.to_string().contains("'nim' is defined by its caller"), "{err}");

    // The registered game of the same name is the other kind, built from its spec.
    let nim: GameSpec = "nim".parse().unwrap();
    assert_ne!(mine.spec(), &GameId::from(nim.clone()));
    assert!(solve(nim.into()).answer(&no_files, &budget).is_ok());
}

#[test]
fn a_callers_game_answers_no_research_question() {
    let mine = Engine::new(CustomGame::new("my-board"), Nim);
    let rectangles = Request::new(Question::Rectangles { game: mine.spec().clone(), rows: 2, cols: 2 });
    let err = rectangles.decide(&no_files).expect_err("no declaration, no rectangles");
    assert!(err.to_string().contains("my-board"), "{err}");
}
