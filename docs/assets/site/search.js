// Material's search reads its field on key releases only, so text that arrives without one
// (pasted, dictated, autofilled, or typed through an input method that sends none) found
// nothing. Each change of the field is passed on as a key release.
document.addEventListener("input", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.matches("[data-md-component=search-query]")) {
    field.dispatchEvent(new KeyboardEvent("keyup"));
  }
});

// Each search result names its game where the site holds several (#rs-config's games,
// rulesite/pages/config.py): a result's address starts with its game's folder
// ("love-letter/"); the first game's pages are at the language's root.
const settings = document.getElementById("rs-config");
/** @type {{games?: {folder: string, name: string}[], home?: string}} */
const site = settings ? JSON.parse(settings.textContent || "{}") : {};
const games = site.games || [];
const results = document.querySelector(".md-search-result__list");
if (games.length > 1 && results) {
  const home = new URL(site.home || "./", location.href).pathname;
  /** @param {string} href */
  const gameOf = (href) => {
    const path = new URL(href, location.href).pathname;
    if (!path.startsWith(home)) return undefined;
    const rest = path.slice(home.length);
    return games.find((game) => game.folder && rest.startsWith(game.folder)) || games[0];
  };
  new MutationObserver(() => {
    for (const link of results.querySelectorAll(".md-search-result__item > .md-search-result__link")) {
      const article = link.querySelector("article");
      if (!article || article.querySelector(".rs-search-game")) continue;
      const game = gameOf(link.getAttribute("href") || "");
      if (!game) continue;
      const label = document.createElement("span");
      label.className = "rs-search-game";
      label.textContent = game.name;
      article.prepend(label);
    }
  }).observe(results, { childList: true, subtree: true });
}
