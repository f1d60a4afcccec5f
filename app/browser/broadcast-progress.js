// @ts-check
/**
 * The broadcasts page's progress script (app/routes/admin/broadcasts.tsx), on a dashboard page
 * that does not hydrate. Without it the figures are those of the page load.
 *
 * Every few seconds (the news line's data-every) it asks each broadcast under way (a row with
 * data-progress: scheduled, sending or paused) for its row (GET /admin/broadcasts/<id>/progress,
 * counted by the page's own function) and writes the answer's texts into the row's cells. It
 * touches nothing else on the page (the compose form keeps what is typed). A change of status
 * also changes the badge, shows the buttons that apply to it (data-statuses) and is said in the
 * polite live region; the figures change quietly. A broadcast sent or cancelled is asked no more.
 * Nothing is asked while the tab is hidden; one question per broadcast at a time, and an answer
 * older than the one shown is dropped.
 */
(() => {
  const d = document;
  const news = d.querySelector("[data-progress-news]");
  if (!(news instanceof HTMLElement)) return;
  const words = news.dataset;
  const every = Number(words.every) || 5000;

  /**
   * @typedef {{ status: string, badge: string, underway: boolean, when: string, figures: Record<string, string> }} Progress
   * @typedef {{ row: HTMLElement, url: string, status: string, asked: number, shown: number, busy: boolean, done: boolean }} Watched
   */
  /** @type {Watched[]} */
  const watched = [...d.querySelectorAll("tr[data-progress]")]
    .filter((row) => row instanceof HTMLElement)
    .map((row) => ({
      row,
      url: row.dataset.progress || "",
      status: row.dataset.status || "",
      asked: 0,
      shown: 0,
      busy: false,
      done: false,
    }));
  if (watched.length === 0) return;
  let failing = false;

  /** @param {string} template @param {Watched} w @param {string} status */
  const say = (template, w, status) => template.replace("{subject}", w.row.dataset.subject || "").replace("{status}", status);

  /** @param {unknown} answer @returns {answer is Progress} */
  const isProgress = (answer) =>
    typeof answer === "object" &&
    answer !== null &&
    typeof (/** @type {Progress} */ (answer).status) === "string" &&
    typeof (/** @type {Progress} */ (answer).figures) === "object";

  /** @param {Watched} w */
  async function ask(w) {
    if (w.busy || w.done) return;
    w.busy = true;
    const question = ++w.asked;
    /** @type {unknown} */
    let answer = null;
    try {
      // No session (it ran out): the login page's redirect is an error here, not figures.
      const response = await fetch(w.url, {
        redirect: "error",
        cache: "no-store",
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(every * 3),
      });
      if (response.ok) answer = await response.json();
    } catch {
      // Counted as a failure below.
    }
    w.busy = false;
    // Answers can arrive out of order: one older than the one shown is dropped.
    if (question <= w.shown) return;
    w.shown = question;
    if (!isProgress(answer)) {
      if (!failing) news.textContent = words.failedText || "";
      failing = true;
      return;
    }
    if (failing) news.textContent = "";
    failing = false;
    show(w, answer);
  }

  /** @param {Watched} w @param {Progress} answer */
  function show(w, answer) {
    for (const cell of w.row.querySelectorAll("[data-figure]")) {
      const text = answer.figures[cell.getAttribute("data-figure") || ""];
      if (typeof text === "string" && cell.textContent !== text) cell.textContent = text;
    }
    const when = w.row.querySelector("[data-when]");
    if (when && typeof answer.when === "string" && when.textContent !== answer.when) when.textContent = answer.when;
    if (answer.status !== w.status) {
      w.status = answer.status;
      w.row.dataset.status = answer.status;
      const badge = w.row.querySelector("[data-badge]");
      if (badge) {
        badge.textContent = answer.status;
        if (typeof answer.badge === "string") badge.className = answer.badge;
      }
      for (const action of w.row.querySelectorAll("[data-statuses]")) {
        if (action instanceof HTMLElement) action.hidden = !(action.dataset.statuses || "").split(" ").includes(answer.status);
      }
      news.textContent = say((answer.underway ? words.changed : words.finished) || "", w, answer.status);
    }
    if (!answer.underway) w.done = true;
  }

  let timer = 0;
  function tick() {
    if (d.visibilityState === "hidden") return;
    const left = watched.filter((w) => !w.done);
    if (left.length === 0) {
      clearInterval(timer);
      return;
    }
    for (const w of left) void ask(w);
  }
  timer = setInterval(tick, every);
  // Back on the tab: the figures are asked at once instead of at the next tick.
  d.addEventListener("visibilitychange", tick);
})();
