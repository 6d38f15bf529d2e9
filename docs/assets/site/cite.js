// Cite a rule or an example step: a visible "Cite" button on every rule heading, on every
// example (the step on show) and on every step of an example's list opens a small menu (copy
// the citation, copy the link); a live region says what was copied. The link asks for the rule
// to be highlighted (?hl=ID#ID), which this script also honours on arrival. Strings come from
// <script id="rs-teach"> (rulesite/pages/config.py). On the whole rulebook (rulesite/pages/book.py) a
// citation points at the rule's or example's own page: the rule number's link, and
// data-rs-page on an example, say where.
(function () {
  var data = document.getElementById("rs-teach");
  if (!data) return;
  var teach = JSON.parse(data.textContent);
  var ui = teach.ui;

  /** @param {string} template @param {Record<string, any>} values */
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? values[key] : all;
    });
  }

  // page: the address of the page that holds id (relative to this one), if not this one.
  /** @param {string} id @param {string | null | undefined} page */
  function linkTo(id, page) {
    var url = new URL(page || "", location.href);
    return url.origin + url.pathname + "?hl=" + encodeURIComponent(id) + "#" + id;
  }

  // Text of a heading without its number, permalink and our own button.
  /** @param {Element} node */
  function headingText(node) {
    var copy = /** @type {Element} */ (node.cloneNode(true));
    copy.querySelectorAll(".rs-num, .headerlink, .rs-cite, .rs-label").forEach(function (n) {
      n.remove();
    });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  // One status line for the page, polite, visible as a toast and heard by screen readers.
  var status = document.createElement("p");
  status.className = "rs-cite-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);
  var statusTimer = 0;
  /** @param {string} text */
  function announce(text) {
    status.textContent = "";
    // A fresh text node after a tick, so the same message twice is read twice.
    setTimeout(function () {
      status.textContent = text;
      status.classList.add("rs-shown");
      clearTimeout(statusTimer);
      statusTimer = setTimeout(function () { status.classList.remove("rs-shown"); }, 4000);
    }, 50);
  }

  /** @type {{button: HTMLButtonElement, menu: HTMLElement} | null} */
  var open = null;  // the open menu
  /** @param {boolean} focusButton */
  function close(focusButton) {
    if (!open) return;
    open.menu.hidden = true;
    open.button.setAttribute("aria-expanded", "false");
    if (focusButton) open.button.focus();
    open = null;
  }

  /** @param {string} text @param {string} message @param {HTMLElement} menu */
  function copy(text, message, menu) {
    var fallback = menu.querySelector("textarea");
    function failed() {
      // Made only when needed: an example widget's own code box is its only textarea.
      if (!fallback) {
        fallback = document.createElement("textarea");
        fallback.readOnly = true;
        fallback.rows = 3;
        fallback.setAttribute("aria-label", ui["cite.copy_citation"]);
        menu.appendChild(fallback);
      }
      fallback.hidden = false;
      fallback.value = text;
      fallback.focus();
      fallback.select();
      announce(ui["cite.failed"]);
    }
    if (!navigator.clipboard || !navigator.clipboard.writeText) return failed();
    navigator.clipboard.writeText(text).then(function () {
      if (fallback) fallback.hidden = true;
      announce(message);
      // Copied: the menu has done its job, so it closes and focus goes back to its button
      // (on failure it stays open, with the text selected to copy by hand).
      if (open && open.menu === menu) close(true);
    }, failed);
  }

  // describe() -> {citation, link, label}: computed when the menu opens (an example's current
  // step changes as the reader steps through it).
  /** @param {() => Record<string, string>} describe @param {string} [extraClass] */
  function control(describe, extraClass) {
    var wrap = document.createElement("span");
    wrap.className = "rs-cite" + (extraClass ? " " + extraClass : "");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rs-cite-button";
    button.textContent = ui["cite.button"];
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-label", describe().label);
    var menu = document.createElement("span");
    menu.className = "rs-cite-menu";
    menu.hidden = true;
    [["cite.copy_citation", "citation", "cite.copied_citation"],
     ["cite.copy_link", "link", "cite.copied_link"]].forEach(function (spec) {
      var item = document.createElement("button");
      item.type = "button";
      item.textContent = ui[spec[0]];
      item.dataset.copy = spec[1];
      item.addEventListener("click", function () {
        copy(describe()[spec[1]], ui[spec[2]], menu);
      });
      menu.appendChild(item);
    });
    button.addEventListener("click", function (event) {
      event.preventDefault();
      var wasOpen = open && open.button === button;
      close(false);
      if (wasOpen) return;
      button.setAttribute("aria-label", describe().label);
      menu.hidden = false;
      button.setAttribute("aria-expanded", "true");
      open = {button: button, menu: menu};
      /** @type {HTMLButtonElement} */ (menu.querySelector("button")).focus(); // the first item
    });
    wrap.appendChild(button);
    wrap.appendChild(menu);
    return wrap;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && open) close(true);
  });
  document.addEventListener("click", function (event) {
    var target = /** @type {Node} */ (event.target);
    if (open && !/** @type {Node} */ (open.button.parentNode).contains(target)) close(false);
  });

  function citeRules() {
    document.querySelectorAll(".md-content h3.rs-rule[id]").forEach(function (heading) {
      var badge = heading.querySelector(".rs-num");
      var number = badge ? badge.textContent : "";
      var title = headingText(heading);
      var link = linkTo(heading.id, badge && badge.getAttribute("href"));
      var values = {site: teach.site, number: number, title: title,
                    version: teach.version, language: teach.language, url: link};
      heading.appendChild(control(function () {
        return {citation: fill(ui["cite.rule"], values), link: link,
                label: fill(ui["cite.rule_label"], {number: number})};
      }));
    });
  }

  /** @param {HTMLElement} example @param {string} title @param {Element | null} item */
  function stepCitation(example, title, item) {
    var step = item instanceof HTMLLIElement ? item.value : 0;
    var link = linkTo(item ? item.id : example.id, example.dataset.rsPage);
    return {
      citation: fill(ui["cite.step"], {site: teach.site, title: title, step: step,
                                       version: teach.version, language: teach.language,
                                       url: link}),
      link: link, label: fill(ui["cite.step_label"], {step: step})};
  }

  // Every step of the list has its own Cite, so step 5's link needs no playing to step 5.
  // Only the current step's button is a Tab stop (the last step before the widget wakes):
  // arrows move through the steps (widget.js), Tab then reaches that step's Cite; a pointer
  // or a finger reaches any. The widget rewrites the list after a live run: the buttons come
  // back with it.
  // The reader's own "what if" steps (no id) are not the example's: they get no Cite (their
  // Share button gives their link), and the title's Cite names the step the line left from.
  /** @param {Element} example */
  function citableStep(example) {
    var item = example.querySelector('.rs-ex-steps > li[aria-current="step"]');
    while (item && !item.id) item = item.previousElementSibling;
    return item || example.querySelector(".rs-ex-steps > li[id]");
  }

  /** @param {HTMLElement} example @param {string} title */
  function citeSteps(example, title) {
    const list = example.querySelector(".rs-ex-steps");
    if (!list) return;
    // Function expressions: they see list as checked above.
    const tabStops = function () {
      var items = list.querySelectorAll(":scope > li[id]");
      var current = list.querySelector(':scope > li[aria-current="step"][id]') ||
        items[items.length - 1];
      items.forEach(function (item) {
        var button = /** @type {HTMLElement | null} */ (
          item.querySelector(":scope > .rs-cite > .rs-cite-button"));
        if (button) button.tabIndex = item === current ? 0 : -1;
      });
    };
    const addButtons = function () {
      list.querySelectorAll(":scope > li[id]").forEach(function (item) {
        if (item.querySelector(":scope > .rs-cite")) return;
        item.appendChild(control(function () {
          return stepCitation(example, title, item);
        }, "rs-cite-step"));
      });
      tabStops();
    };
    addButtons();
    new MutationObserver(function (records) {
      var rewritten = records.some(function (r) { return r.target === list; });
      if (rewritten) addButtons(); else tabStops();
    }).observe(list, {childList: true, subtree: true, attributes: true,
                      attributeFilter: ["aria-current"]});
  }

  // Examples: one button by the title cites the step on show (step 0 before any stepping),
  // and one on each step of the list cites that step.
  function citeExamples() {
    var examples = /** @type {NodeListOf<HTMLElement>} */ (
      document.querySelectorAll(".md-content .rs-example[id]"));
    examples.forEach(function (example) {
      var block = example.previousElementSibling;
      var titleLine = block && block.querySelector(".rs-example-title");
      if (!titleLine) return;
      var title = headingText(titleLine);
      titleLine.appendChild(control(function () {
        return stepCitation(example, title, citableStep(example));
      }));
      citeSteps(example, title);
    });
  }

  var CITABLE = ".md-content h3.rs-rule[id], .md-content .rs-example[id], "
    + ".md-content .rs-ex-steps > li[id]";

  // A handout link (?hl=ID#ID): mark the rule, the example or the step it points to.
  function highlight() {
    var id = new URLSearchParams(location.search).get("hl");
    var target = id && document.getElementById(id);
    // Only what can be cited: any other id (a data script, a textarea) is left alone, so a
    // crafted link cannot break the page's live parts.
    if (!target || !target.matches(CITABLE)) return;
    var marked = /** @type {Element[]} */ ([target]);
    if (target.matches("h3.rs-rule")) {
      // The rule's own text: the paragraphs and lists up to the next heading, figure or note.
      for (let next = target.nextElementSibling; next && next.matches("p, ul, ol, blockquote");
           next = next.nextElementSibling) marked.push(next);
    }
    marked.forEach(function (node) { node.classList.add("rs-highlighted"); });
    marked[marked.length - 1].classList.add("rs-highlighted-last");
    var label = document.createElement("span");
    label.className = "rs-highlight-label";
    label.textContent = ui["cite.highlighted"];
    target.insertBefore(label, target.firstChild);
  }

  citeRules();
  citeExamples();
  highlight();
})();
