// @ts-check
/**
 * The article editor's live preview (app/routes/admin/article-edit.tsx), on a dashboard page that
 * does not hydrate: a moment after the owner stops typing, the form is posted with
 * intent=preview, and the preview the server rendered (sanitized, with the article page's own
 * components) replaces the current one. Nothing is saved. Without this script, the Preview
 * button does the same with a page load.
 */
(() => {
  const d = document;
  let timer = 0;
  /** @type {AbortController | undefined} */
  let inFlight;

  d.addEventListener("input", (event) => {
    const form = /** @type {Element} */ (event.target).closest("form[data-preview]");
    if (!(form instanceof HTMLFormElement)) return;
    clearTimeout(timer);
    timer = setTimeout(() => refresh(form), 400);
  });

  /** @param {HTMLFormElement} form */
  async function refresh(form) {
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && name !== "intent") body.set(name, value);
    body.set("intent", "preview");
    inFlight?.abort();
    const controller = (inFlight = new AbortController());
    let html;
    try {
      const response = await fetch(form.action, { method: "POST", body, signal: controller.signal, headers: { Accept: "text/html" } });
      html = await response.text();
    } catch {
      return; // superseded, or offline: the Preview button still works
    }
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("preview-article");
    const current = d.getElementById("preview-article");
    if (fresh && current) current.replaceWith(d.importNode(fresh, true));
  }
})();
