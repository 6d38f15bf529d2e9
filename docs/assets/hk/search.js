// Material's search reads its field on key releases only, so text that arrives without one
// (pasted, dictated, autofilled, or typed through an input method that sends none) found
// nothing. Each change of the field is passed on as a key release.
document.addEventListener("input", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.matches("[data-md-component=search-query]")) {
    field.dispatchEvent(new KeyboardEvent("keyup"));
  }
});
