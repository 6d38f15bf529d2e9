// A table wider than the screen scrolls inside its frame (Material's .md-typeset__scrollwrap).
// Keyboard users can only scroll what they can focus: such a frame becomes a named,
// focusable region while it overflows, and leaves the Tab order again when it fits.
(function () {
  /** @param {HTMLElement} frame */
  function name(frame) {
    // The builder writes each table's caption just before it, in the same block.
    var block = frame.closest(".rs-table");
    var caption = block && block.querySelector(".rs-caption");
    var th = frame.querySelector("th");
    var text = caption ? caption.textContent : th ? th.textContent : "";
    return text.replace(/\s+/g, " ").trim();
  }
  // Seen, too: while more of the table lies to the right, its right edge fades out
  // (site.css, .rs-more), so a cut-off column does not pass for the whole table.
  /** @param {HTMLElement} frame */
  function edge(frame) {
    var more = frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1;
    frame.classList.toggle("rs-more", more);
  }
  /** @param {HTMLElement} frame */
  function update(frame) {
    if (frame.scrollWidth > frame.clientWidth + 1) {
      frame.tabIndex = 0;
      frame.setAttribute("role", "region");
      if (!frame.hasAttribute("aria-label")) frame.setAttribute("aria-label", name(frame));
    } else {
      frame.removeAttribute("tabindex");
      frame.removeAttribute("role");
    }
    edge(frame);
    if (!frame.dataset.rsEdge) {
      frame.dataset.rsEdge = "1";
      frame.addEventListener("scroll", function () { edge(frame); }, {passive: true});
    }
  }
  var resized = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { update(/** @type {HTMLElement} */ (entry.target)); });
  }) : null;
  function scan() {
    var frames = /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll(".md-typeset__scrollwrap"));
    frames.forEach(function (frame) {
      update(frame);
      if (resized) resized.observe(frame);
    });
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(scan);
  } else {
    document.addEventListener("DOMContentLoaded", scan);
  }
})();
