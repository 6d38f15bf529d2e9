// Material's "Back to top" floats over the page: a pill under the header on a wide screen, a
// round button in the bottom corner of a phone's (site.css). Over a board it hid cards, and
// over an example's controls it took the taps meant for them. While any of these lies under
// it, it steps aside (.rs-top-aside in site.css) and comes back over plain text.
(function () {
  var UNDER = ".rs-board, .rs-ex button, .rs-ex textarea, .rs-ex select";
  // A margin around the button: it also keeps clear of an edge, and covers the few pixels
  // Material's show and hide transitions move it while this runs.
  var MARGIN = 8;
  /** @param {DOMRect} a @param {DOMRect} b */
  function overlap(a, b) {
    return a.left - MARGIN < b.right && b.left < a.right + MARGIN
      && a.top - MARGIN < b.bottom && b.top < a.bottom + MARGIN;
  }
  function check() {
    var top = /** @type {HTMLElement | null} */ (document.querySelector(".md-top"));
    if (!top || top.hidden) return; // Material shows it only while the reader scrolls up
    var here = top.getBoundingClientRect();
    var covers = Array.prototype.some.call(document.querySelectorAll(UNDER),
      /** @param {Element} part */ function (part) {
        var box = part.getBoundingClientRect();
        return box.width > 0 && overlap(here, box);
      });
    top.classList.toggle("rs-top-aside", covers);
  }
  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () {
      queued = false;
      check();
    });
  }
  function watch() {
    var top = document.querySelector(".md-top");
    if (!top) return;
    // Material shows the button from its own scroll handler: check before that frame paints.
    new MutationObserver(check).observe(top, {attributes: true, attributeFilter: ["hidden"]});
    window.addEventListener("scroll", soon, {passive: true});
    window.addEventListener("resize", soon);
    top.addEventListener("transitionend", soon);
    var content = document.querySelector(".md-content");
    // A step of an example can change the height of what lies under the button.
    if (content && "ResizeObserver" in window) new ResizeObserver(soon).observe(content);
    check();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
