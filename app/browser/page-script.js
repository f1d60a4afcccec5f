// @ts-check
/**
 * The little a page needs before (or without) React: every page loads this (~1 KB), and it is
 * all the JavaScript of a page that does not hydrate (the articles; app/lib/hydration.ts).
 *
 * - The side menu, a native modal <dialog>: the browser traps focus in it, closes it on Escape
 *   and gives focus back to the menu button; this opens it, and closes it on its close button,
 *   on a link and on a click on the backdrop.
 * - A form posted by the browser shows its button's "Sending..." label and is disabled until
 *   the next page arrives; a second press sends nothing. (Forms React handles itself cancel the
 *   browser's post, and are left to React.)
 * - After a form was posted without React, the server marks the element that should have focus
 *   (the outcome, or the first field it is about) with data-autofocus.
 * - A calculator's GET form (form[data-live], app/components/tools): as the visitor types, the
 *   server renders the page for the new address, and its result and messages (the elements
 *   marked data-live-slot) replace the current ones; the address follows, to bookmark or share.
 *   Without this script the Calculate button does the same with a page load.
 * - A print button (data-print) is shown, and prints.
 */
(() => {
  const d = document;

  d.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const opener = target.closest("[data-menu-open]");
    if (opener) {
      const menu = d.getElementById(opener.getAttribute("aria-controls") || "");
      if (menu instanceof HTMLDialogElement && !menu.open) menu.showModal();
      return;
    }
    const menu = target.closest("dialog[open]");
    if (menu instanceof HTMLDialogElement && (target === menu || target.closest("[data-menu-close], a"))) menu.close();
  });

  // On window, so it runs after React's own listener (on the document) and can see its preventDefault.
  addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if (form.dataset.pending) {
      event.preventDefault();
      return;
    }
    const button = form.querySelector("button[data-pending-label]");
    if (!(button instanceof HTMLButtonElement)) return;
    form.dataset.pending = "true";
    button.dataset.label = button.textContent || "";
    button.textContent = button.dataset.pendingLabel || "";
    button.disabled = true;
  });

  // A page restored from the back/forward cache shows its forms ready again.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const form of d.querySelectorAll("form[data-pending]")) {
      if (!(form instanceof HTMLFormElement)) continue;
      delete form.dataset.pending;
      const button = form.querySelector("button[data-pending-label]");
      if (button instanceof HTMLButtonElement) {
        button.textContent = button.dataset.label || button.textContent;
        button.disabled = false;
      }
    }
  });

  // Calculators: refresh the result a moment after the visitor stops typing.
  let timer = 0;
  /** @type {AbortController | undefined} */
  let inFlight;
  d.addEventListener("input", (event) => {
    const form = /** @type {Element} */ (event.target).closest("form[data-live]");
    if (!(form instanceof HTMLFormElement)) return;
    clearTimeout(timer);
    timer = setTimeout(() => refresh(form), 300);
  });

  /** @param {HTMLFormElement} form */
  async function refresh(form) {
    const url = new URL(form.action);
    url.search = new URLSearchParams(/** @type {any} */ (new FormData(form))).toString();
    inFlight?.abort();
    const controller = (inFlight = new AbortController());
    let html;
    try {
      html = await (await fetch(url, { signal: controller.signal, headers: { Accept: "text/html" } })).text();
    } catch {
      return; // superseded, or offline: the Calculate button still works
    }
    const next = new DOMParser().parseFromString(html, "text/html");
    for (const slot of d.querySelectorAll("[data-live-slot]")) {
      const fresh = next.getElementById(slot.id);
      if (fresh && fresh.innerHTML !== slot.innerHTML) slot.innerHTML = fresh.innerHTML;
    }
    for (const input of form.querySelectorAll("input[id]")) {
      const invalid = next.getElementById(input.id)?.getAttribute("aria-invalid");
      if (invalid) input.setAttribute("aria-invalid", invalid);
      else input.removeAttribute("aria-invalid");
    }
    showPrintButtons();
    history.replaceState(history.state, "", url);
  }

  const showPrintButtons = () => {
    for (const button of d.querySelectorAll("button[data-print][hidden]")) /** @type {HTMLElement} */ (button).hidden = false;
  };
  showPrintButtons();
  d.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("button[data-print]")) print();
  });

  // After the load event: the browser's own scroll to the address's #fragment, which comes with
  // the page, moves focus to the viewport and would undo an earlier focus().
  // On a calculator submitted without the script, the first field that needs fixing.
  const focusTarget = d.querySelector("[data-autofocus]") || d.querySelector("form[data-live] [aria-invalid=true]");
  if (focusTarget instanceof HTMLElement) addEventListener("load", () => setTimeout(() => focusTarget.focus()));
})();
