// Interface strings of the page's language (embedded by rulesite/pages/examples.py from
// locales/<lang>/ui.yml), with named {fields} filled in. Same rules as the Python side:
// html() escapes the string exactly as Python's html.escape, then inserts the fields as HTML.

const FIELD = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
// A card chip (any game's: "hk-chip", "ll-chip"), or a group of them ("hk-pair": Hanamikoji's
// Competition), and the punctuation after it: kept on one line (as the builder's
// placeholders.py and the games' explain.py do), so that no line starts with the colon or
// full stop that follows a chip.
const CHIP = '<span class="[a-z]+-chip[^"]*">(?:(?!</span>).)*?</span>';
const CHIP_THEN_MARK = new RegExp(`(<span class="[a-z]+-pair">(?:${CHIP}|[^<])*</span>|${CHIP})`
  + "([\u00a0\u202f]?[.,;:!?\u2026)\u00bb\u3001\u3002\uff09\uff0c\uff0e\uff1a\u300d]+)", "g");

/** @typedef {ReturnType<typeof translator>} Translator */

/** @param {unknown} value */
export function escapeHTML(value) {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** @param {Record<string, any>} strings ui.yml's strings: text, or plural forms of count.* */
export function translator(strings) {
  /** @param {string} key @returns {any} */
  const template = (key) => (key in strings ? strings[key] : key);
  /** @param {string} text @param {Record<string, unknown>} fields */
  const fill = (text, fields) => text.replace(FIELD, (_, name) => String(fields[name]));
  // The language's CLDR rules, as the builder's Babel has them (rulesite/sources/words.py).
  const lang = strings.grammar ? strings.grammar.lang : document.documentElement.lang;
  const plurals = new Intl.PluralRules(lang);
  // Made at its first use: making one took 30 ms (English) to 200 ms (Japanese) on a desktop,
  // four times that on a phone, at the start of every page with a live part.
  /** @type {Intl.ListFormat | null} */
  let lists = null;
  /** @param {string} key @param {number} n */
  const count = (key, n) => {
    const forms = template(key);
    return typeof forms === "string" ? forms : fill(forms[plurals.select(n)] ?? forms.other, { n });
  };
  return {
    /** The string as HTML: escaped, with fields (already HTML) filled in; a chip and the
     * punctuation after it never part at the end of a line. */
    html: (/** @type {string} */ key, /** @type {Record<string, unknown>} */ fields = {}) =>
      fill(escapeHTML(template(key)), fields).replace(CHIP_THEN_MARK, '<span class="rs-nobr">$1$2</span>'),
    /** The string as plain text (for textContent, titles set from script, aria labels). */
    text: (/** @type {string} */ key, /** @type {Record<string, unknown>} */ fields = {}) => fill(template(key), fields),
    /** A count.* string in the plural form of n ("1 card", « 0 carte »), plain text. */
    count,
    /** Items (HTML or text) joined as the language writes a list: "5, 6, and 7", 「5、6、7」. */
    list: (/** @type {string[]} */ items) => {
      lists = lists || new Intl.ListFormat(lang, { type: "conjunction" });
      return lists.format(items);
    },
  };
}
