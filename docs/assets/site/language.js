// Keep the reader's place when switching language. The language menu already links to the
// same page in each language (overrides/partials/alternate.html); this adds the current
// #anchor (a rule ID, identical in every language) and remembers the choice for the site root.
(function () {
  /** @param {HTMLAnchorElement} link */
  function withHash(link) {
    return link.href.split("#")[0] + location.hash;
  }
  /** @param {Event} event @returns {HTMLAnchorElement | null} */
  function menuLink(event) {
    var target = /** @type {Element | null} */ (event.target);
    return target && target.closest ? target.closest("a.md-select__link[hreflang]") : null;
  }
  // Before a click or middle-click lands, so "open in new tab" keeps the anchor too.
  ["pointerdown", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var link = menuLink(event);
      if (link) link.href = withHash(link);
    }, true);
  });
  // Capture phase, so Material's own handler (which falls back to the language's home page
  // when its sitemap check fails) never sees the click.
  document.addEventListener("click", function (event) {
    var link = menuLink(event);
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // "hk-lang": named before the site held a second game, kept as readers' browsers hold it.
    try { localStorage.setItem("hk-lang", link.hreflang); } catch { /* private mode */ }
    event.preventDefault();
    event.stopPropagation();
    location.href = withHash(link);
  }, true);
})();
