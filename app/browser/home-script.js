// @ts-check
/**
 * The home page's script (app/routes/home.tsx), written into the page next to the page script.
 * The page is prerendered, so its badge shows the number of free articles; once the page has
 * painted and the browser is idle, this asks the server for the count of success stories
 * (app/routes/api/figures.ts) and, when there is one (null below its threshold), shows it
 * instead. Offline or refused: the article count stays, which is true either way.
 */
(() => {
  const badge = document.querySelector("[data-figures]");
  const value = badge?.querySelector("[data-figure-value]");
  const label = badge?.querySelector("[data-figure-label]");
  if (!badge || !value || !label) return;
  const ask = () =>
    fetch(badge.getAttribute("data-figures") || "", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((/** @type {{ successStories?: unknown } | null} */ figures) => {
        if (!figures || typeof figures.successStories !== "number") return;
        value.textContent = `${figures.successStories}+`;
        label.textContent = "Success Stories";
      })
      .catch(() => {});
  const whenIdle = () => (window.requestIdleCallback ? requestIdleCallback(ask, { timeout: 2000 }) : setTimeout(ask, 200));
  // Not before the first paint is on screen: an idle moment can come between the parse and the
  // first frame, and the request would then compete with it.
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return whenIdle();
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    painted.disconnect();
    whenIdle();
  });
  painted.observe({ type: "paint", buffered: true });
})();
