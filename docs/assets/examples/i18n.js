// Interface strings of the page's language (embedded by rulesite/examples.py from
// locales/<lang>/ui.yml), with named {fields} filled in. Same rules as the Python side:
// html() escapes the string exactly as Python's html.escape, then inserts the fields as HTML.

const FIELD = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function escapeHTML(value) {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

export function translator(strings) {
  const template = (key) => (key in strings ? strings[key] : key);
  const fill = (text, fields) => text.replace(FIELD, (_, name) => String(fields[name]));
  return {
    /** The string as HTML: escaped, with fields (already HTML) filled in. */
    html: (key, fields = {}) => fill(escapeHTML(template(key)), fields),
    /** The string as plain text (for textContent, titles set from script, aria labels). */
    text: (key, fields = {}) => fill(template(key), fields),
  };
}
