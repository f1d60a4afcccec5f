import { ALL, type BlogFilter, blogHref, foundText, type ListedPost, shownPosts } from "~/lib/blog-filter";

/**
 * The blog listing's script (app/routes/blog.tsx), written into the page next to the page script.
 * Without it, the search box, the category buttons and "Load More Articles" are a GET form and a
 * link: the server renders the listing for the address (app/lib/blog-filter.ts). With it, they
 * apply at once, in the page: every post is in the listing already (those not shown are hidden),
 * each with its category (data-category) and its card's title and excerpt ([data-excerpt]), read
 * once here: the page does not carry them twice. The address follows (history.replaceState), and
 * screen readers hear the number found.
 *
 * The rules are the server's own functions (shownPosts, foundText and blogHref from blog-filter.ts,
 * bundled in): every word of the query in the title or the excerpt, within the category; pages of
 * PAGE_SIZE posts; the address.
 */
type Item = ListedPost & { element: HTMLElement };

function start() {
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
  // Each post as the rules read it.
  const posts = [...(list.children as HTMLCollectionOf<HTMLElement>)].map((element): Item => ({
    element,
    title: element.querySelector("h2, h3")?.textContent ?? "",
    excerpt: element.querySelector("[data-excerpt]")?.textContent ?? "",
    category: element.dataset.category as ListedPost["category"],
  }));
  const buttons = [...d.querySelectorAll<HTMLButtonElement>(`button[form="${form.id}"][name=category]`)];
  let page = Number(list.dataset.page) || 1;
  // The category buttons' values are the server's BLOG_FILTERS, and the search button's one of them.
  let category = submit.value as BlogFilter;

  /** Shows the posts of the first `page` pages that match; returns the first one shown by this call that was hidden. */
  const render = () => {
    const search = { query: input.value.trim(), category, page };
    const listing = shownPosts(posts, search);
    let firstNew: HTMLElement | undefined;
    for (const { post, shown } of listing.posts) {
      if (shown && post.element.hidden && !firstNew) firstNew = post.element;
      post.element.hidden = !shown;
    }
    const text = foundText(listing.found);
    if (found.textContent !== text) found.textContent = text;
    empty.hidden = listing.found > 0;
    more.hidden = !listing.next;
    submit.value = category;
    submit.name = category === ALL ? "" : "category";
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.value === category));
    history.replaceState(history.state, "", blogHref(search));
    return firstNew;
  };

  input.addEventListener("input", () => {
    page = 1;
    render();
  });

  // The search button (Enter) and the category buttons: no page load.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = event.submitter;
    if (button instanceof HTMLButtonElement && button !== submit) category = button.value as BlogFilter;
    page = 1;
    render();
  });

  d.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target.closest("#blog-more a")) {
      event.preventDefault();
      page += 1;
      // Keyboard and screen-reader users continue from the first new post.
      render()?.querySelector<HTMLElement>("h2 a, h3 a")?.focus();
    } else if (target.closest("[data-blog-clear]")) {
      event.preventDefault();
      input.value = "";
      category = ALL;
      page = 1;
      render();
      input.focus();
    }
  });
}

start();
