// Share links and record files. The link format is agreed between pages (STATE.md):
//   <site>/<lang>/play/#record=<base64url, no padding, of the record's UTF-8 JSON>&step=<N>
// N: moves applied. session.py's link() writes the same; its open_link() checks a link.

/** @param {string} record JSON @param {number | null} [moves] */
export function linkTo(record, moves) {
  const bytes = new TextEncoder().encode(record);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const data = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const url = new URL(location.href);
  url.search = "";
  url.hash = `record=${data}` + (moves === null || moves === undefined ? "" : `&step=${moves}`);
  return url.href;
}

/** Whether the address holds a shared record. */
export function hasRecord(hash = location.hash) {
  return /^#(.*&)?record=/.test(hash);
}

/** Saves the record (compact JSON from the engine) as a readable .json file. @param {string} record */
export function download(record) {
  const data = JSON.parse(record);
  const text = JSON.stringify(data, null, 1) + "\n";
  // Named after the game the record says it is ("hanamikoji-record" -> hanamikoji-....json).
  const game = String(data.format || "game").replace(/-record$/, "").replace(/[^a-z0-9-]/g, "");
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  link.href = url;
  link.download = `${game}-${stamp}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copies text; false when the browser refuses (the caller shows the text to copy).
 * @param {string} text */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
