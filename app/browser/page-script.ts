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
 *   (the outcome, or the first field it is about) with data-autofocus, and shows the outcome as
 *   a toast too, whose close button this shows and runs.
 *
 * The calculators add their own (app/browser/tool-script.ts). Bundled into one small classic
 * script by vite.config.ts (pageScripts).
 */
const d = document;

d.addEventListener("click", (event) => {
  const target = event.target as Element;
  const opener = target.closest("[data-menu-open]");
  if (opener) {
    const menu = d.getElementById(opener.getAttribute("aria-controls") || "");
    if (menu instanceof HTMLDialogElement && !menu.open) menu.showModal();
    return;
  }
  if (target.closest("[data-toast-close]")) {
    target.closest("[data-toast]")?.remove();
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
  for (const form of d.querySelectorAll<HTMLFormElement>("form[data-pending]")) {
    delete form.dataset.pending;
    const button = form.querySelector("button[data-pending-label]");
    if (button instanceof HTMLButtonElement) {
      button.textContent = button.dataset.label || button.textContent;
      button.disabled = false;
    }
  }
});

// A form's answer as a toast (a page rendered after a plain post): it can be closed.
for (const button of d.querySelectorAll<HTMLElement>("[data-toast-close][hidden]")) button.hidden = false;

// After the load event: the browser's own scroll to the address's #fragment, which comes with
// the page, moves focus to the viewport and would undo an earlier focus().
// On a calculator submitted without the script, the first field that needs fixing.
const focusTarget = d.querySelector("[data-autofocus]") || d.querySelector("form[data-live] [aria-invalid=true]");
if (focusTarget instanceof HTMLElement) addEventListener("load", () => setTimeout(() => focusTarget.focus()));
