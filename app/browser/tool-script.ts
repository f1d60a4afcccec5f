/**
 * The calculators' script (app/components/tools), written into their pages next to the page script:
 *
 * - A calculator's GET form (form[data-live]): as the visitor types, the server renders the page
 *   for the new address, and its result and messages (the elements marked data-live-slot)
 *   replace the current ones; the fields themselves stay, so focus and caret do too. The address
 *   follows, to bookmark or share. Without this script the Calculate button does the same with a
 *   page load (docs/decisions/022-calculators.md). No arithmetic here: every figure is the
 *   server's, so the calculators' rules have one home (app/lib/tools).
 * - A print button (data-print) is shown, and prints.
 */
const d = document;

// Refresh the result a moment after the visitor stops typing.
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | undefined;
d.addEventListener("input", (event) => {
  const form = (event.target as Element).closest("form[data-live]");
  if (!(form instanceof HTMLFormElement)) return;
  clearTimeout(timer);
  timer = setTimeout(() => refresh(form), 300);
});

async function refresh(form: HTMLFormElement) {
  const url = new URL(form.action);
  // Every field of a calculator is text (no file input), which URLSearchParams takes as it is.
  url.search = new URLSearchParams(new FormData(form) as unknown as string[][]).toString();
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
  for (const button of d.querySelectorAll<HTMLElement>("button[data-print][hidden]")) button.hidden = false;
};
showPrintButtons();
d.addEventListener("click", (event) => {
  if ((event.target as Element).closest("button[data-print]")) print();
});
