// @ts-check
/**
 * The broadcast editor's script (app/routes/admin/broadcasts.tsx), on a dashboard page that does
 * not hydrate. Without it the page works as plain forms: the server checks everything and the
 * count of recipients is the saved draft's.
 *
 * - The live count: a moment after an audience box changes, it asks the server how many the
 *   ticked audiences and tags reach now (GET /admin/broadcasts/recipients, the count a send uses) and
 *   writes the answer into the count's live region. An answer to an older question is dropped.
 * - The browser's own checks speak the server's words: a field's data-value-missing,
 *   data-too-long and data-range-underflow (from app/lib/broadcast-form.ts) become its message;
 *   a field of spaces only is empty, as the server trims it; no audience ticked is refused at the
 *   first box; a schedule is required, and not before the next whole minute in the business's
 *   time zone (the field's data-zone, whatever the browser's own zone), only when "At" is chosen.
 */
(() => {
  const d = document;
  /** @typedef {HTMLInputElement | HTMLTextAreaElement} Field */

  /** @type {Map<string, Intl.DateTimeFormat>} one formatter per zone, not one per keystroke */
  const clocks = new Map();

  /**
   * The next whole minute on the business's clock, as a datetime-local writes it: the server's
   * earliestSchedule (app/lib/broadcast-form.ts) at this moment, which rendered the field's min.
   * @param {string} zone
   */
  function earliest(zone) {
    let clock = clocks.get(zone);
    if (!clock) {
      const fields = { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" };
      clock = new Intl.DateTimeFormat("en-US", { ...fields, hourCycle: "h23", timeZone: zone });
      clocks.set(zone, clock);
    }
    const next = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
    /** @type {Record<string, string>} */
    const p = {};
    for (const part of clock.formatToParts(next)) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  }

  /** @param {HTMLFormElement} form */
  function checkSchedule(form) {
    const at = form.querySelector("input[data-schedule]");
    if (!(at instanceof HTMLInputElement)) return;
    const later = form.querySelector("input[name=when][value=later]");
    const needed = later instanceof HTMLInputElement && later.checked;
    at.required = needed;
    if (!needed) at.removeAttribute("min");
    else if (at.dataset.zone) at.min = earliest(at.dataset.zone);
  }

  /** @param {Field} field */
  function check(field) {
    field.setCustomValidity("");
    const { validity, dataset } = field;
    let message = "";
    if (dataset.valueMissing && field.value !== "" && field.value.trim() === "") message = dataset.valueMissing;
    else if (validity.valueMissing) message = dataset.valueMissing || "";
    else if (validity.tooLong) message = dataset.tooLong || "";
    else if (validity.rangeUnderflow) message = dataset.rangeUnderflow || "";
    field.setCustomValidity(message);
  }

  /** @param {Element} fieldset */
  function checkAudiences(fieldset) {
    const boxes = [...fieldset.querySelectorAll("input[type=checkbox]")].filter((box) => box instanceof HTMLInputElement);
    const none = !boxes.some((box) => box.checked);
    boxes.forEach((box, i) => box.setCustomValidity(none && i === 0 ? fieldset.getAttribute("data-value-missing") || "" : ""));
  }

  /** @param {HTMLFormElement} form */
  function checkForm(form) {
    checkSchedule(form);
    for (const field of form.querySelectorAll("[data-value-missing]")) {
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) check(field);
      else if (field instanceof HTMLFieldSetElement) checkAudiences(field);
    }
  }

  const forms = [...d.querySelectorAll("form[data-broadcast-form], form[data-send-form]")].filter((f) => f instanceof HTMLFormElement);
  for (const form of forms) {
    checkForm(form);
    form.addEventListener("input", () => checkForm(form));
    form.addEventListener("change", () => checkForm(form));
    // A press of its button (a click, or Enter in a field) comes before the browser's checks:
    // the schedule's earliest minute is the one of the moment it is sent.
    form.addEventListener("click", (event) => {
      if (/** @type {Element} */ (event.target).closest("button[type=submit]")) checkForm(form);
    });
  }

  const region = d.querySelector("[data-recipients]");
  const segment = d.querySelector("[data-segment]");
  if (region instanceof HTMLElement && segment) liveCount(region, segment);

  /**
   * @param {HTMLElement} region the count's live region, its words in data-* attributes
   * @param {Element} segment the audience boxes and the tag boxes (to include, to leave out)
   */
  function liveCount(region, segment) {
    const sentence = region.querySelector("[data-sentence]");
    const failed = region.querySelector("[data-failed]");
    const lead = region.querySelector("[data-lead]");
    const count = region.querySelector("[data-count]");
    const noun = region.querySelector("[data-noun]");
    if (!(sentence instanceof HTMLElement) || !failed || !lead || !count || !noun) return;
    const words = region.dataset;
    // The saved draft's segment ("a:newsletter i:topic-budgeting e:bought-toolkit"); a new broadcast has none saved.
    const saved = words.saved === undefined ? null : words.saved.split(" ").filter(Boolean).sort().join(" ");
    /** The ticked boxes as the query's names and the saved signature's marks. */
    const KINDS = [
      ["data-audience", "audience", "a"],
      ["data-include-tag", "include", "i"],
      ["data-exclude-tag", "exclude", "e"],
    ];
    let timer = 0;
    let asked = 0;
    /** @type {AbortController | undefined} */
    let inFlight;

    segment.addEventListener("change", () => {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });

    async function ask() {
      const url = new URL(words.recipients || "", location.href);
      /** @type {string[]} */
      const ticked = [];
      for (const [attribute, name, mark] of KINDS) {
        for (const box of segment.querySelectorAll(`input[${attribute}]`)) {
          if (!(box instanceof HTMLInputElement) || !box.checked) continue;
          const value = box.getAttribute(attribute) || "";
          url.searchParams.append(name, value);
          ticked.push(`${mark}:${value}`);
        }
      }
      const question = ++asked;
      inFlight?.abort();
      const controller = (inFlight = new AbortController());
      /** @type {{ recipients?: unknown } | null} */
      let answer = null;
      try {
        // No session (it ran out): the login page's redirect is an error here, not a count.
        const response = await fetch(url, { signal: controller.signal, redirect: "error", headers: { Accept: "application/json" } });
        if (response.ok) answer = await response.json();
      } catch {
        if (controller.signal.aborted) return; // a newer question is on its way
      }
      // Answers can arrive out of order: only the newest question's is shown.
      if (question !== asked || !(sentence instanceof HTMLElement) || !failed || !lead || !count || !noun) return;
      const n = answer?.recipients;
      if (typeof n !== "number") {
        sentence.hidden = true;
        failed.textContent = words.failedText || "";
        return;
      }
      lead.textContent = (ticked.sort().join(" ") === saved ? words.leadSaved : words.leadTicked) || "";
      count.textContent = String(n);
      noun.textContent = (n === 1 ? words.one : words.many) || "";
      failed.textContent = "";
      sentence.hidden = false;
    }
  }
})();
