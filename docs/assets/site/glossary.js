// Glossary terms explain themselves where they stand: a term's link (to the glossary page)
// shows its definition in a hint on hover, on keyboard focus, and on a first tap (a second tap
// follows the link). The definitions come from <script id="rs-teach"> (rulesite/pages/config.py).
(function () {
  var data = document.getElementById("rs-teach");
  if (!data) return;
  var teach = JSON.parse(data.textContent);
  var terms = teach.terms;
  var onGlossary = document.getElementById(teach.glossary) !== null;
  if (onGlossary) return;  // the definitions are the page itself

  var hint = document.createElement("div");
  hint.id = "rs-hint";
  hint.className = "rs-hint";
  hint.setAttribute("role", "tooltip");
  hint.hidden = true;
  document.body.appendChild(hint);
  /** @type {HTMLAnchorElement | null} */
  var shownFor = null;
  var touched = false;  // the last press was a finger
  var wasShown = false;  // ... on a term whose hint was already open

  /** @param {HTMLAnchorElement} link */
  function show(link) {
    var entry = terms[/** @type {string} */ (link.dataset.term)];  // set on every term link
    hint.textContent = "";
    // ui.yml's glossary.entry, so that the separator is the language's: "term: …",
    // « terme : … » (narrow no-break space), 「用語：…」.
    /** @type {string} */ (teach.ui["glossary.entry"]).split(/(\{term\}|\{definition\})/).forEach(function (part) {
      if (part === "{term}") {
        const name = document.createElement("strong");
        name.textContent = entry.term;
        hint.appendChild(name);
      } else {
        hint.appendChild(document.createTextNode(part === "{definition}" ? entry.definition : part));
      }
    });
    hint.hidden = false;
    link.setAttribute("aria-describedby", "rs-hint");
    shownFor = link;
    // Below the term, kept inside the viewport.
    var box = link.getBoundingClientRect();
    var width = Math.min(320, document.documentElement.clientWidth - 16);
    hint.style.width = width + "px";
    var left = Math.max(8, Math.min(box.left + window.scrollX,
                                     window.scrollX + document.documentElement.clientWidth - width - 8));
    hint.style.left = left + "px";
    hint.style.top = (box.bottom + window.scrollY + 6) + "px";
  }

  function hide() {
    if (!shownFor) return;
    shownFor.removeAttribute("aria-describedby");
    hint.hidden = true;
    shownFor = null;
  }

  var links = /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll(".md-content a[href]"));
  links.forEach(function (link) {
    var url = new URL(link.href, location.href);
    var id = url.hash.slice(1);
    // A term links to the glossary page, or in the whole rulebook to its entry there.
    var toTerm = url.pathname.endsWith("/" + teach.glossary + "/") ||
        url.pathname === location.pathname;
    if (!toTerm || !terms[id]) return;
    link.dataset.term = id;
    link.classList.add("rs-term-link");
    link.addEventListener("mouseenter", function () { if (!touched) show(link); });
    link.addEventListener("mouseleave", function () { if (!touched) hide(); });
    link.addEventListener("focus", function () { if (!touched) show(link); });
    link.addEventListener("blur", hide);
    link.addEventListener("pointerdown", function (event) {
      touched = event.pointerType === "touch";
      wasShown = shownFor === link;
    });
    link.addEventListener("click", function (event) {
      if (touched && !wasShown) {
        event.preventDefault();
        show(link);
      }
    });
  });
  document.addEventListener("keydown", function (event) {
    touched = false;
    if (event.key === "Escape") hide();
  });
  document.addEventListener("pointerdown", function (event) {
    if (shownFor && !shownFor.contains(/** @type {Node} */ (event.target))) hide();
  });
})();
