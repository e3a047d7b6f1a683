//! The result classes, one per report (see [`crate::report`] for what they share).

use pyo3::prelude::*;
use serde_json::Value;

use crate::report::{numbers_text, object, result_class, text};

result_class!(
    SolveResult,
    "Who wins from a position with two players, the Grundy value, the winning moves and why.

Attributes (the fields of `nimlab solve --json`): ``game``, ``params``, ``position``, ``play``,
``outcome`` (``'N'``: the player to move wins, ``'P'``: the previous player wins), ``grundy``
(an int, or None under misère play or when unknown), ``grundy_status``, ``winning_moves`` (records
with ``.move`` and ``.to``), ``winning_move_count``, ``moves_complete``, ``reason``, ``basis``
(``'theory'`` or ``'search'``), ``theorem``, ``search_states``.

>>> r = Game('nim').solve([3, 4, 5])
>>> r.outcome, r.grundy
('N', 2)
>>> r.winning_moves[0].move, r.winning_moves[0].to
('take 2 from the heap of 3', [1, 4, 5])
>>> r.basis
'theory'
",
    |v| format!(
        "{} {}: {} (Grundy value {})",
        text(v, "game"),
        numbers_text(v.get("position")),
        text(v, "outcome"),
        text(v, "grundy")
    )
);

result_class!(
    PlayersResult,
    "The value of a position for ``n`` players under Krawec's standard alliance matrix: ``value`` =
``g`` means that ``P_g`` wins when ``P_0`` is to move.

Attributes (the fields of `nimlab solve --players N --json`): ``game``, ``params``, ``position``,
``players``, ``terminal``, ``outcome``, ``value``, ``winner``, ``measures``, ``winning_moves``
(the optimal moves), ``options`` (every move with its value), ``moves_complete``, ``reason``,
``basis``, ``theorem``, ``search_states``.

>>> r = Game('nim').solve([1, 2, 3], players=3)
>>> r.value, r.winner
(1, 1)
>>> [m.to for m in r.winning_moves]
[[1, 1, 3], [1, 2, 1]]
",
    |v| format!("{} {} with {} players: value {}", text(v, "game"), numbers_text(v.get("position")), text(v, "players"), text(v, "value")),
    records: |v| list(v, "options")
);

result_class!(
    SumResult,
    "A disjunctive sum solved under normal play: the parts' Grundy values, their XOR and every winning
move (``.part`` numbered from 1, ``.move``, ``.to`` the part's new position).

>>> s = Game('nim').at([3, 4]) + Game('wythoff').at([3, 5])
>>> r = s.solve()
>>> r.grundy, [p.grundy for p in r.parts]
(7, [7, 0])
>>> [(m.part, m.to) for m in r.winning_moves]
[(1, [3, 3])]
",
    |v| format!("sum of {} parts: {} (Grundy value {})", v.get("parts").and_then(Value::as_array).map_or(0, Vec::len), text(v, "outcome"), text(v, "grundy")),
    records: |v| list(v, "winning_moves")
);

result_class!(
    PPositions,
    "The first P-positions of a game, in order of their largest number.

>>> p = Game('wythoff').p_positions(5)
>>> p.p_positions
[[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]]
>>> p.basis, p.complete
('theory', True)
>>> p.to_records()[2]
{'heap_1': 3, 'heap_2': 5}
",
    |v| format!("{}: {} P-positions ({})", text(v, "game"), v.get("p_positions").and_then(Value::as_array).map_or(0, Vec::len), text(v, "basis")),
    records: |v| {
        let positions = v.get("p_positions").and_then(Value::as_array).cloned().unwrap_or_default();
        positions
            .iter()
            .map(|p| {
                let numbers = p.as_array().cloned().unwrap_or_default();
                object(numbers.into_iter().enumerate().map(|(i, n)| (format!("heap_{}", i + 1), n)))
            })
            .collect()
    }
);

result_class!(
    LoopyResult,
    "The answer for a position of a game whose positions may repeat (``nimlab solve --json`` of a
game with the capability ``loopy``, or a game of your own whose positions repeat): ``game``,
``play``, ``tokens``, ``value`` (an int, a nimber, or an ``Infinite`` ∞(K) with ``K`` the finite
values of its options; None under misère play), ``outcome`` (``'P'``, ``'N'`` or ``'D'`` for a
draw), ``remoteness`` (None for a draw), ``moves`` (the winning moves, or those that keep a
draw; each with ``to`` and ``value_after``), ``moves_kind`` (``'winning'``, ``'drawing'`` or
None), ``reason``.

>>> r = Game('fair-shares').solve([1, 2, 4])
>>> r.outcome, r.value
('N', 1)
>>> d = Game('fair-shares').solve([9, 2])
>>> d.value, d.outcome, d.moves_kind
(Infinite([1]), 'D', 'drawing')
",
    |v| format!("{}: {} ({})", text(v, "game"), text(v, "outcome"), value_text(v.get("value")))
);

result_class!(
    LoopyTableResult,
    "Every position of a game whose positions may repeat (``nimlab table --json`` of a game with the
capability ``loopy``): ``game``, ``play``, ``positions``, ``moves`` (how many), ``counts``
(``.P``, ``.N``, ``.D``) and ``rows``, each with ``position`` (its numbers separated by spaces),
``value`` (an int or an ``Infinite``), ``outcome``, ``remoteness``, ``moves`` (the positions
the good moves reach) and ``moves_kind``. ``to_records()`` gives the rows with ``value`` as text.

>>> t = Game('fair-shares').table(upto=4)
>>> t.positions, t.counts.P, t.rows[1].position, t.rows[1].value
(11, 5, '2', 1)
",
    |v| format!(
        "{}: {} positions, {} P, {} N, {} D",
        text(v, "game"),
        text(v, "positions"),
        v.get("counts").map_or_else(|| "-".into(), |c| text(c, "P")),
        v.get("counts").map_or_else(|| "-".into(), |c| text(c, "N")),
        v.get("counts").map_or_else(|| "-".into(), |c| text(c, "D"))
    ),
    records: |v| {
        let rows = v.get("rows").and_then(Value::as_array).cloned().unwrap_or_default();
        rows.into_iter()
            .map(|r| {
                let value = value_text(r.get("value"));
                object([
                    ("position".into(), r.get("position").cloned().unwrap_or(Value::Null)),
                    ("value".into(), Value::from(value)),
                    ("outcome".into(), r.get("outcome").cloned().unwrap_or(Value::Null)),
                    ("remoteness".into(), r.get("remoteness").cloned().unwrap_or(Value::Null)),
                ])
            })
            .collect()
    }
);

/// A loopy value as text: `3`, `∞(0,2)`, or `-` (none, misère play).
fn value_text(value: Option<&Value>) -> String {
    match value {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Object(map)) => match map.get("infinite").and_then(Value::as_array) {
            Some(k) => {
                let k: Vec<String> = k.iter().map(Value::to_string).collect();
                format!("∞({})", k.join(","))
            }
            None => "-".into(),
        },
        _ => "-".into(),
    }
}

result_class!(
    TableResult,
    "A table with how it was computed (the fields of `nimlab table --json`): ``game``, ``params``,
``play``, ``kind`` (``'grundy'`` or ``'outcome'``), ``basis`` (``'theory'`` or ``'search'``),
``method`` (the engine's path: ``'closed-form'``, ``'certified-period'``, ``'octal-sequence'``,
``'dense'``, ...), ``detail``, ``shape`` and the cells: ``upto`` and ``values`` for a sequence,
``rows``, ``cols`` and ``cells`` for a grid. For the values alone as a numpy array, use
``Game.sequence`` or ``Game.grid``; this report is the one the command line and the playground
give, at most 1000000 cells.

>>> t = Game('subtraction', set=[1, 3]).table(upto=5)
>>> t.values, t.basis, t.method
([0, 1, 0, 1, 0, 1], 'theory', 'certified-period')
>>> Game('nim').table(rows=2, cols=2).cells[1]
[1, 0, 3]
",
    |v| format!(
        "{}: {} table, {} ({})",
        text(v, "game"),
        text(v, "shape"),
        text(v, "basis"),
        text(v, "method")
    )
);

result_class!(
    RectanglesResult,
    "The winning first moves of every ``r x c`` rectangle of a game on a board of squares
(``Game('chomp').table(rows=R, cols=C, rectangles=True)``, the fields of ``nimlab table
--rectangles --json``): ``game``, ``params``, ``rows``, ``cols`` and ``rectangles``, each with
``rows``, ``cols``, ``outcome``, ``grundy`` and ``winning_moves`` (records with ``.move`` and
``.to``), found by search. ``to_records()`` lists the rectangles.

>>> t = Game('chomp').table(rows=2, cols=3, rectangles=True)
>>> [(r.rows, r.cols, len(r.winning_moves)) for r in t.rectangles][:3]
[(1, 1, 0), (1, 2, 1), (1, 3, 1)]
>>> t.rectangles[5].winning_moves[0].move
'take the square at row 2, column 3'
",
    |v| format!(
        "{}: winning first moves of the rectangles up to {} x {}",
        text(v, "game"),
        text(v, "rows"),
        text(v, "cols")
    ),
    records: |v| list(v, "rectangles")
);

result_class!(
    PeriodResult,
    "The period of a one-heap game's Grundy sequence (the fields of `nimlab period --json`). A
subtraction game is certified (the checked range proves periodicity; a witness proves the preperiod
minimal); a take-and-break game is certified by the Guy–Smith theorem (``status`` ``'certified'``,
with its ``exceptions`` before the period) or ``'open'``; any other game, also one defined in
Python, has ``status`` ``'observed'`` (``observed``: ``preperiod``, ``period``, ``saltus`` seen in
its values, not proved) or ``'none-seen'``. ``to_records()`` lists the values with their part.

>>> r = Game('subtraction', set=[2, 3, 5, 7, 19]).period()
>>> r.preperiod, r.period
(34, 4)
>>> r.to_records()[:3]
[{'grundy': 0, 'n': 0, 'part': 'preperiod'}, {'grundy': 0, 'n': 1, 'part': 'preperiod'}, {'grundy': 1, 'n': 2, 'part': 'preperiod'}]
>>> Game('bash', max=3).period(limit=100)
<PeriodResult bash --max 3: observed: preperiod 0, period 4, saltus 0, over n < 100>
",
    |v| match v.get("observed").and_then(Value::as_object).filter(|_| v.get("status").and_then(Value::as_str) == Some("observed")) {
        Some(o) => format!(
            "{}: observed: preperiod {}, period {}, saltus {}, over n < {}",
            text(v, "game"),
            o.get("preperiod").map_or_else(|| "-".into(), Value::to_string),
            o.get("period").map_or_else(|| "-".into(), Value::to_string),
            o.get("saltus").map_or_else(|| "-".into(), Value::to_string),
            text(v, "values_computed")
        ),
        None => match v.get("status").and_then(Value::as_str) {
            Some(status @ ("none-seen" | "open")) => {
                format!("{}: {status} over n < {}", text(v, "game"), text(v, "values_computed"))
            }
            _ => format!("{}: preperiod {}, period {}", text(v, "game"), text(v, "preperiod"), text(v, "period")),
        },
    },
    records: |v| {
        // The certified preperiod, else the observed one.
        let preperiod = v
            .get("preperiod")
            .and_then(Value::as_u64)
            .or_else(|| v.get("observed").and_then(|o| o.get("preperiod")).and_then(Value::as_u64))
            .unwrap_or(0);
        let values = v.get("values").and_then(Value::as_array).cloned().unwrap_or_default();
        values
            .into_iter()
            .enumerate()
            .map(|(n, g)| {
                let part = if (n as u64) < preperiod { "preperiod" } else { "period" };
                object([("n".into(), Value::from(n)), ("grundy".into(), g), ("part".into(), Value::from(part))])
            })
            .collect()
    },
    methods: {
        /// The period turned into code: a short, self-contained program in ``lang``
        /// (``'python'``, ``'cpp'`` or ``'rust'``) with a function ``grundy(n)`` (the preperiod's
        /// values and one period as tables) and a main reading numbers from standard input;
        /// exactly what ``nimlab period ... --emit LANG`` writes. From a certified period it is
        /// valid for every ``n``; from an observed one for ``n`` below the values computed only
        /// (it says so and refuses larger ``n``). ``ValueError`` when there is no period.
        ///
        /// >>> code = Game('subtraction', set=[1, 3, 4]).period().to_code('python')
        /// >>> scope = {'__name__': 'emitted'}
        /// >>> exec(code, scope)
        /// >>> [scope['grundy'](n) for n in range(8)], scope['grundy'](10**30)
        /// ([0, 1, 0, 1, 2, 3, 2, 0], 1)
        fn to_code(&self, lang: &str) -> PyResult<String> {
            let language: nimlab_reports::emit::Language =
                lang.parse().map_err(pyo3::exceptions::PyValueError::new_err)?;
            let report = self
                .0
                .typed::<nimlab_reports::period::PeriodReport>()
                .expect("a PeriodResult holds a period report");
            nimlab_reports::emit::emit(report, language).map_err(crate::compute::py_error)
        }
    }
);

result_class!(
    SweepResult,
    "Certified preperiods and periods over a family of subtraction sets, with the fit of the
conjecture (preperiod and period eventually linear in ``c`` on each residue class).

>>> r = sweep('2,3,5,7', add='11..40')
>>> r.rows[0].set, r.rows[0].period
([2, 3, 5, 7, 11], 9)
>>> r.to_records()[8]
{'c': 19, 'outer': None, 'period': 4, 'preperiod': 34, 'set': [2, 3, 5, 7, 19]}
",
    |v| format!("{}: {} sets", text(v, "definition"), v.get("rows").and_then(Value::as_array).map_or(0, Vec::len)),
    records: |v| list(v, "rows")
);

result_class!(
    ShardResult,
    "One shard of a position's options valued into an SQLite store (``Game.solve_shard``; the fields
of `nimlab solve --db FILE --shard I/N --json`): the ``game`` and ``position``, the ``shard``, the
counts of ``options``, their ``classes`` under the position's symmetries, the classes this run
``owned`` and ``computed``, those the store holds (``stored``), the position's ``grundy`` value once
it holds every class (else ``None``), and ``values``, each option whose class is stored.
``to_records()`` lists those.

>>> import os, tempfile
>>> r = Game('cram', board='2x3').solve_shard([], os.path.join(tempfile.mkdtemp(), 's.sqlite'))
>>> r.grundy, r.classes, r.values[0].value
(1, 3, 2)
",
    |v| format!("{}: {} of {} classes stored", text(v, "game"), text(v, "stored"), text(v, "classes")),
    records: |v| list(v, "values")
);

result_class!(
    QuotientResult,
    "The misère quotient of a take-and-break game (the fields of `nimlab quotient --json`): its
``presentation``, ``order``, ``elements`` (records with ``.element``, ``.word``, ``.exponents``,
``.p``), the multiplication ``table``, ``p_portion``, ``phi`` (``phi[h]`` is the element of heap
``h``), ``phi_period``, ``tameness``, ``changes``, and ``status`` ``'certified'`` (the quotient of
every heap) or ``'partial'`` (of the heaps up to ``heaps`` only). ``to_records()`` lists the
elements.

>>> q = Game('octal', code='0.75').misere_quotient()
>>> q.status, q.order, q.presentation
('certified', 8, '⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩')
>>> [q.elements[x].word for x in q.p_portion]
['a', 'b²']
",
    |v| format!("{}: {} quotient of order {}", text(v, "game"), text(v, "status"), text(v, "order")),
    records: |v| list(v, "elements")
);

result_class!(
    VerifyResult,
    "Closed-form theory compared with the exhaustive search on every position up to a bound.

>>> r = Game('wythoff').verify(upto=30)
>>> r.all_agree, r.reports[0].positions
(True, 961)
",
    |v| format!("{} checks, all agree: {}", v.get("reports").and_then(Value::as_array).map_or(0, Vec::len), text(v, "all_agree")),
    records: |v| list(v, "reports")
);

result_class!(
    CensusResult,
    "The census of three-rowed Chomp (the fields of `nimlab census --json`): ``upto``,
``periods`` (records with ``.period`` and ``.columns``: how many third rows have each least
period), ``periodic_from`` and ``columns`` (records with ``.third``, ``.period``, ``.offsets``
and, with ``full``, ``.before``; the second row the period starts from is ``['from']``).
``to_records()`` lists the columns.

>>> r = census(upto=200)
>>> [(p.period, p.columns) for p in r.periods]
[(1, 200), (2, 1)]
",
    |v| format!("three-rowed Chomp to the third row {}", text(v, "upto")),
    records: |v| list(v, "columns")
);

result_class!(
    GamesResult,
    "Every ruleset with its rules and declared parameters (``nimlab games --json``).

>>> names = [g.name for g in games().games]
>>> names[:3]
['nim', 'bash', 'subtraction']
",
    |v| format!("{} games", v.get("games").and_then(Value::as_array).map_or(0, Vec::len)),
    records: |v| list(v, "games")
);

/// The list field `name` of a report, as rows.
fn list(value: &Value, name: &str) -> Vec<Value> {
    value.get(name).and_then(Value::as_array).cloned().unwrap_or_default()
}
