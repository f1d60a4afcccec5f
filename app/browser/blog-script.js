// @ts-check
/**
 * The blog listing's script (app/routes/blog.tsx), written into the page next to the page script.
 * Without it, the search box, the category buttons and "Load More Articles" are a GET form and a
 * link: the server renders the listing for the address (app/lib/blog-filter.ts). With it, they
 * apply at once, in the page: every post is in the listing already (those not shown are hidden),
 * each with its category (data-category) and its card's title and excerpt ([data-excerpt]), read
 * once here: the page does not carry them twice. The address follows (history.replaceState), and
 * screen readers hear the number found.
 *
 * The rules are the server's (blog-filter.ts): every word of the query in the title or the
 * excerpt, within the category; pages of data-page-size posts.
 */
(() => {
  const d = document;
  const form = d.getElementById("blog-search-form");
  const list = d.getElementById("blog-posts");
  const input = d.getElementById("blog-search");
  const found = d.getElementById("blog-found");
  const empty = d.getElementById("blog-empty");
  const more = d.getElementById("blog-more");
  const submit = d.querySelector("[data-blog-submit]");
  if (!(form instanceof HTMLFormElement) || !(input instanceof HTMLInputElement) || !list || !found || !empty || !more) return;
  if (!(submit instanceof HTMLButtonElement)) return;
  const items = /** @type {HTMLElement[]} */ ([...list.children]);
  // The text a query is looked for in, as the server's searchText(): "<title> <excerpt>", lower-cased.
  const texts = new Map(
    items.map((item) => [
      item,
      `${item.querySelector("h2, h3")?.textContent ?? ""} ${item.querySelector("[data-excerpt]")?.textContent ?? ""}`.toLowerCase(),
    ]),
  );
  const buttons = /** @type {HTMLButtonElement[]} */ ([...d.querySelectorAll(`button[form="${form.id}"][name=category]`)]);
  const pageSize = Number(list.dataset.pageSize) || 6;
  let page = Number(list.dataset.page) || 1;
  let category = submit.value;

  /** @param {HTMLElement} item @param {string[]} words */
  const matches = (item, words) =>
    (category === "All" || item.dataset.category === category) && words.every((word) => (texts.get(item) ?? "").includes(word));

  /** Shows the posts of the first `page` pages that match; returns the first one shown by this call that was hidden. */
  function render() {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let count = 0;
    /** @type {HTMLElement | undefined} */
    let firstNew;
    for (const item of items) {
      const show = matches(item, words) && count++ < page * pageSize;
      if (show && item.hidden && !firstNew) firstNew = item;
      item.hidden = !show;
    }
    const text = count === 1 ? "1 article found" : `${count} articles found`;
    if (found.textContent !== text) found.textContent = text;
    empty.hidden = count > 0;
    more.hidden = count <= page * pageSize;
    submit.value = category;
    submit.name = category === "All" ? "" : "category";
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.value === category));
    const params = new URLSearchParams();
    const query = input.value.trim();
    if (query) params.set("q", query);
    if (category !== "All") params.set("category", category);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}`);
    return firstNew;
  }

  input.addEventListener("input", () => {
    page = 1;
    render();
  });

  // The search button (Enter) and the category buttons: no page load.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = /** @type {SubmitEvent} */ (event).submitter;
    if (button instanceof HTMLButtonElement && button !== submit) category = button.value;
    page = 1;
    render();
  });

  d.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("#blog-more a")) {
      event.preventDefault();
      page += 1;
      // Keyboard and screen-reader users continue from the first new post.
      render()?.querySelector("h2 a, h3 a")?.focus();
    } else if (target.closest("[data-blog-clear]")) {
      event.preventDefault();
      input.value = "";
      category = "All";
      page = 1;
      render();
      input.focus();
    }
  });
})();
