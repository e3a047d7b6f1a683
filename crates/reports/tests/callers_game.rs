//! A game its caller defines and builds (issue 38: registered and caller-defined games are two
//! types): a request about it is answered on the caller's built game, names it by its name with
//! no parameters, and is refused where the reports would have to build it from a spec.

use nimlab_engine::kernels::Nim;
use nimlab_engine::{AnyGame, Budget, CustomGame, Engine, GameId, GameSpec, GrundyValue};
use nimlab_reports::loopy::no_files;
use nimlab_reports::request::{Answer, Question, Request};
use nimlab_reports::solve::SolveAnswer;

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
    let err = rectangles.decide(&no_files).err().expect("no declaration, no rectangles");
    assert!(err.to_string().contains("my-board"), "{err}");
}
