/**
 * The home page's script (app/routes/home.tsx), written into the page next to the page script.
 * The page is prerendered, so its badge shows the number of free articles; once the page has
 * painted and the browser is idle, this asks the server for the verified buyers' reviews
 * (app/routes/api/live-figures.ts: their average and count, null below its threshold) and shows them
 * instead. Offline or refused: the article count stays, which is true either way.
 */
type Figures = { reviews?: { value?: unknown; label?: unknown } | null } | null;

function start() {
  const badge = document.querySelector("[data-figures]");
  const value = badge?.querySelector("[data-figure-value]");
  const label = badge?.querySelector("[data-figure-label]");
  if (!badge || !value || !label) return;
  const ask = () =>
    fetch(badge.getAttribute("data-figures") || "", { headers: { Accept: "application/json" } })
      .then((response): Promise<Figures> | null => (response.ok ? response.json() : null))
      .then((figures) => {
        const reviews = figures?.reviews;
        if (!reviews || typeof reviews.value !== "string" || typeof reviews.label !== "string") return;
        value.textContent = reviews.value;
        label.textContent = reviews.label;
        badge.querySelector("[data-figure-link]")?.setAttribute("href", "/checkout#reviews-heading");
      })
      .catch(() => {});
  // Safari has no requestIdleCallback.
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(ask, { timeout: 2000 }) : setTimeout(ask, 200));
  // Not before the first paint is on screen: an idle moment can come between the parse and the
  // first frame, and the request would then compete with it.
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return whenIdle();
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    painted.disconnect();
    whenIdle();
  });
  painted.observe({ type: "paint", buffered: true });
}

start();
