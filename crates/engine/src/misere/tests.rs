use super::brute::{for_each_sum, BruteMisere};
use super::*;

fn code(s: &str) -> OctalCode {
    s.parse().unwrap()
}

fn quotient(s: &str, upto: Option<u64>) -> MisereQuotient {
    compute(&code(s), upto, &Budget::new(200_000_000)).unwrap()
}

#[test]
fn take_one_is_the_two_element_quotient() {
    // 0.3 (take one): heaps alternate a, 1, a, ...; Q = ⟨a | a² = 1⟩, P = {a}.
    let q = quotient("0.3", None);
    assert_eq!(q.quotient.order(), 2);
    assert_eq!(q.presentation().render(), "⟨a | a² = 1⟩");
    assert_eq!(q.quotient.p_portion(), vec![1]);
    assert!(q.is_certified());
    assert_eq!(q.image(1_000_001), Some(1));
    assert_eq!(q.image(1_000_000), Some(0));
}

#[test]
fn kayles_is_certified_with_phi_period_12_from_heap_71() {
    let q = quotient("0.77", None);
    assert!(q.stopped.is_none());
    let c = q.certificate.expect("certified");
    assert!(c.bound + 1 >= c.max_heaps_left * (c.from + c.period) + c.max_removal);
    assert_eq!(q.periodicity, Some(Periodicity { preperiod: 71, period: 12 }));
    q.quotient.check(&q.generators).unwrap();
    assert_eq!(q.quotient.order() % 2, 0);
    // Beyond the heaps computed, Φ follows the period.
    assert_eq!(q.image(71 + 12 * 1000 + 5), q.image(71 + 5));
}

#[test]
fn dot_75_has_order_8() {
    let q = quotient("0.75", None);
    assert!(q.stopped.is_none());
    q.quotient.check(&q.generators).unwrap();
    assert_eq!(q.quotient.order(), 8, "{}", q.presentation().render());
    assert!(q.is_certified());
}

#[test]
fn dawson_kayles_up_to_30_has_360_elements() {
    // Siegel: the quotient of 0.07 restricted to heaps up to 30 has 360 elements.
    let q = quotient("0.07", Some(30));
    assert!(q.stopped.is_none());
    assert_eq!(q.reached(), 30);
    assert_eq!(q.quotient.order(), 360);
    assert_eq!(q.expansions, vec![2, 4, 10, 14, 25, 27, 30]);
    q.quotient.check(&q.generators).unwrap();
}

/// Every sum of heaps with at most `total` tokens: the quotient's answer equals the search's.
fn agrees_with_search(c: &str, total: u32, budget: &Budget) -> Option<usize> {
    let game = code(c);
    let q = compute(&game, Some(u64::from(total)), budget).ok()?;
    if q.stopped.is_some() {
        return None;
    }
    q.quotient.check(&q.generators).unwrap_or_else(|e| panic!("{c}: {e}"));
    assert_eq!(q.quotient.order() % 2, 0, "{c}: odd order {}", q.quotient.order());
    let mut brute = BruteMisere::new(&game);
    let mut sums = 0;
    for_each_sum(total, |heaps| {
        let wide: Vec<u64> = heaps.iter().map(|&h| u64::from(h)).collect();
        let x = q.image_of_sum(&wide).unwrap();
        let by_search = brute.is_p(heaps, &Budget::default()).unwrap();
        assert_eq!(q.quotient.is_p(x), by_search, "{c}: {heaps:?}");
        sums += 1;
    });
    Some(sums)
}

#[test]
fn outcomes_equal_search_on_every_sum_up_to_24_tokens_for_30_codes() {
    let mut checked = Vec::new();
    for first in 0..8u8 {
        for second in 0..8u8 {
            let c = format!("0.{first}{second}");
            if (first == 0 && second == 0) || checked.len() >= 30 {
                continue;
            }
            if let Some(sums) = agrees_with_search(&c, 24, &Budget::new(10_000_000)) {
                assert_eq!(sums, 7338, "every partition of 0..=24");
                checked.push(c);
            }
        }
    }
    assert!(checked.len() >= 30, "only {} codes: {checked:?}", checked.len());
}
