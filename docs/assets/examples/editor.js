// The example's code as an editable <textarea> (no editor library): Tab indents, Shift+Tab
// unindents, Ctrl/Cmd+Enter runs, Escape lets the next Tab (or Shift+Tab) leave the field, as
// the hint under the field says (widget.code_keys); typing again brings indenting back.

const INDENT = "    ";

/** @param {HTMLTextAreaElement} textarea @param {{onRun: () => void, onEdit: () => void}} on */
export function editor(textarea, { onRun, onEdit }) {
  const original = textarea.value;
  textarea.readOnly = false;

  const fit = () => {
    const lines = textarea.value.split("\n").length;
    textarea.rows = Math.max(4, Math.min(24, lines + 1));
  };

  let trapTab = true;
  textarea.addEventListener("focus", () => { trapTab = true; });
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    } else if (event.key === "Escape") {
      trapTab = false;
    } else if (event.key === "Tab" && trapTab && !event.altKey && !event.ctrlKey) {
      event.preventDefault();
      indent(textarea, event.shiftKey);
      onEdit();
    } else if (event.key.length === 1) {
      trapTab = true;
    }
  });
  textarea.addEventListener("input", () => {
    fit();
    onEdit();
  });

  return {
    get value() {
      return textarea.value;
    },
    get edited() {
      return textarea.value !== original;
    },
    original,
    reset() {
      textarea.value = original;
      fit();
      onEdit();
    },
    /** Selects line `line` (1-based) so the reader sees where the error is.
     * @param {number | null} line */
    showLine(line) {
      const lines = textarea.value.split("\n");
      if (!line || line > lines.length) return;
      const start = lines.slice(0, line - 1).reduce((n, text) => n + text.length + 1, 0);
      textarea.focus({ preventScroll: true });
      textarea.setSelectionRange(start, start + lines[line - 1].length);
    },
  };
}

/** @param {HTMLTextAreaElement} textarea @param {boolean} out */
function indent(textarea, out) {
  const { value, selectionStart: start, selectionEnd: end } = textarea;
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  if (!out && start === end) {
    textarea.setRangeText(INDENT, start, end, "end");
    return;
  }
  const block = value.slice(lineStart, end);
  const changed = out
    ? block.replace(/^ {1,4}/gm, "")
    : block.replace(/^/gm, INDENT);
  textarea.setRangeText(changed, lineStart, end, "select");
}
