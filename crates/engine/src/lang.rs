//! The languages the engine writes its texts in: reasons, move texts and theorem names.
//!
//! Every text a user reads beside an answer is produced here, in the engine, in the language
//! the question asks for ([`crate::Query::lang`]), never translated afterwards by a surface: the
//! command line (`--lang zh`), the web playground (`lang=zh`) and Python render the same words.
//! The Chinese follows the terms of the seed documents (必胜态/必败态, SG 函数, 异或, 巴什博弈,
//! 威佐夫博弈, 斐波那契博弈, 阶梯 Nim, 反常).
//!
//! A text is written once per language, side by side, with [`say!`]:
//!
//! ```ignore
//! say!(lang, "take {amount} from the heap", "从这一堆取走 {amount} 个")
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language of the engine's texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
}

impl Lang {
    /// Every language, in the order surfaces list them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code users write: `en`, `zh`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// `en` in English, `zh` in Chinese.
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code nimlab does not write.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language '{0}'; nimlab writes en (English) and zh (Chinese)")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    /// `en` or `zh` (also `zh-CN`, `zh-Hans`, any case).
    fn from_str(text: &str) -> Result<Lang, UnknownLang> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "en" | "en-us" | "en-gb" => Ok(Lang::En),
            "zh" | "zh-cn" | "zh-hans" => Ok(Lang::Zh),
            _ => Err(UnknownLang(text.to_string())),
        }
    }
}

/// `format!` of the English or the Chinese text, as `lang` says; both see the same arguments.
#[macro_export]
macro_rules! say {
    ($lang:expr, $en:literal, $zh:literal $(, $($arg:tt)*)?) => {
        match $lang {
            $crate::Lang::En => format!($en $(, $($arg)*)?),
            $crate::Lang::Zh => format!($zh $(, $($arg)*)?),
        }
    };
}
pub(crate) use crate::say;

/// A text in every language the engine writes, for a text made before anyone knows who reads
/// it: an error's reason, which the command line prints in English and the playground shows in
/// its page's language. `Display` is the English.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Words {
    /// The English text.
    pub en: String,
    /// The Chinese text.
    pub zh: String,
}

impl Words {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.en, &self.zh)
    }
}

impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// [`Words`] from an English and a Chinese `format!`, both with the same arguments.
macro_rules! words {
    ($en:literal, $zh:literal $(, $($arg:tt)*)?) => {
        $crate::Words { en: format!($en $(, $($arg)*)?), zh: format!($zh $(, $($arg)*)?) }
    };
}
pub(crate) use words;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_named() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        assert_eq!("zh-CN".parse::<Lang>(), Ok(Lang::Zh));
        assert_eq!(
            "fr".parse::<Lang>().unwrap_err().to_string(),
            "unknown language 'fr'; nimlab writes en (English) and zh (Chinese)"
        );
    }

    #[test]
    fn say_formats_the_chosen_language() {
        let n = 3;
        assert_eq!(say!(Lang::En, "take {n}", "取走 {n} 个"), "take 3");
        assert_eq!(say!(Lang::Zh, "take {}", "取走 {} 个", n), "取走 3 个");
    }
}
