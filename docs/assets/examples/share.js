// Share links of a position, in the format agreed with the Play page (session.py: link and
// open_link): <site>/<lang>/<the game's Play page>/#record=<base64url, no padding, of the
// record's UTF-8 JSON text>&step=<moves applied>. The link carries the game record, never code; the Play page
// checks it as untrusted input. Copying says what happened in a live region, as cite.js does.

import { copy, linkTo } from "../play/share.js";
import { siteRoot } from "./config.js";

// play: the game's Play page, under the language's folder ("play/" when the page gives none).
/** @param {string} record JSON @param {number} moves @param {string} lang @param {string} play */
export function shareLink(record, moves, lang, play = "play/") {
  const url = new URL(`${lang}/${play}`, siteRoot());
  url.hash = new URL(linkTo(record, moves)).hash; // the fragment as the Play page writes it
  return url.href;
}

// The Share button of one widget: copies the link of what `describe()` returns
// ({record, moves}) and confirms it; where copying is blocked, shows the link selected.
/** @param {HTMLElement} tools @param {import("./i18n.js").Translator} t @param {string} lang
 *  @param {string | undefined} play the game's Play page (shareLink)
 *  @param {() => {record: string, moves: number}} describe */
export function shareButton(tools, t, lang, play, describe) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rs-btn rs-btn-share";
  button.dataset.share = "";
  button.textContent = t.text("share.button");
  const status = document.createElement("p");
  status.className = "rs-share-status";
  status.setAttribute("role", "status");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.hidden = true;
  field.className = "rs-share-link";
  field.setAttribute("aria-label", t.text("share.link"));
  tools.append(button, status, field);

  const say = (/** @type {string} */ text) => {
    status.textContent = "";
    setTimeout(() => { status.textContent = text; }, 50); // the same message twice is read twice
  };
  button.addEventListener("click", async () => {
    const { record, moves } = describe();
    const link = shareLink(record, moves, lang, play);
    button.dataset.link = link; // for tests and for the fallback below
    if (await copy(link)) {
      field.hidden = true;
      say(t.text("share.copied"));
    } else {
      field.value = link;
      field.hidden = false;
      field.focus();
      field.select();
      say(t.text("share.failed"));
    }
  });
  return {
    /** @param {number} step */
    label(step) {
      const text = t.text("share.label", { step });
      button.title = text;
      button.setAttribute("aria-label", text);
    },
    clear() {
      status.textContent = "";
      field.hidden = true;
    },
  };
}
