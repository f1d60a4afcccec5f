import { ALL, BLOG_CARDS_PATH, BLOG_PATH, type BlogFilter, blogHref, foundText, type ListedPost, shownPosts } from "~/lib/blog-filter";

/**
 * The blog listing's script (app/routes/blog.tsx), written into the page next to the page script.
 * Without it, the search box, the category buttons and "Load More" are a GET form and a link: the
 * server renders the listing for the address (app/lib/blog-filter.ts). With it, they apply at
 * once, in the page, to every post: the page holds only the posts it shows (its first answer does
 * not grow with the number of articles), so the rest are fetched once (BLOG_CARDS_PATH, kept by
 * the page cache), when the visitor first reaches for the search, a category or "Load More", and
 * added hidden around the ones shown. Each post's category (data-category) and its card's title and
 * excerpt ([data-excerpt]) are read from its item. The address follows (history.replaceState), and
 * screen readers hear the number found. Should the fetch fail, each control does what it does
 * without JavaScript: a page load of the address.
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
  const buttons = [...d.querySelectorAll<HTMLButtonElement>(`button[form="${form.id}"][name=category]`)];
  let page = Number(list.dataset.page) || 1;
  // The category buttons' values are the server's BLOG_FILTERS, and the search button's one of them.
  let category = submit.value as BlogFilter;

  /**
   * Every post's item, in listing order, each as the rules read it: those the page shows stay
   * where they are (a focused link keeps its focus), the others are added hidden. Null when they
   * could not be fetched.
   */
  const addPosts = (cards: string[]): Item[] => {
    const template = d.createElement("template");
    template.innerHTML = cards.join("");
    let at = list.firstElementChild;
    const elements = [...(template.content.children as HTMLCollectionOf<HTMLElement>)].map((card) => {
      const element = (d.getElementById(card.id) as HTMLElement | null) ?? card;
      if (element === at) at = at.nextElementSibling;
      else list.insertBefore(element, at);
      return element;
    });
    // A post the page showed that is no longer published (the site changed since the page loaded).
    while (at) {
      const gone = at;
      at = at.nextElementSibling;
      gone.remove();
    }
    return elements.map((element) => ({
      element,
      title: element.querySelector("h2, h3")?.textContent ?? "",
      excerpt: element.querySelector("[data-excerpt]")?.textContent ?? "",
      category: element.dataset.category as ListedPost["category"],
    }));
  };
  let failed = false;
  let posts: Promise<Item[] | null> | undefined;
  const allPosts = () =>
    (posts ??= fetch(BLOG_CARDS_PATH)
      .then((response) => (response.ok ? (response.json() as Promise<string[]>) : Promise.reject(new Error(String(response.status)))))
      .then(addPosts)
      .catch(() => {
        failed = true;
        return null;
      }));
  // Fetched as the visitor reaches for a control (a pointer over it or on it, or the focus).
  const group = buttons[0]?.parentElement;
  for (const area of [form, group, more]) {
    for (const type of ["pointerover", "pointerdown", "focusin"]) area?.addEventListener(type, allPosts, { passive: true });
  }

  /** Shows the posts of the first `page` pages that match; returns the first one shown by this call that was hidden. */
  const render = (all: Item[]) => {
    const search = { query: input.value.trim(), category, page };
    const listing = shownPosts(all, search);
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

  /**
   * Runs `apply` on every post once they are here, instead of the page load `event` would make;
   * if they cannot be fetched, that page load (`fallback`, the address it would have loaded).
   */
  const inPage = (event: Event, apply: (all: Item[]) => void, fallback: () => string) => {
    if (failed) return;
    event.preventDefault();
    void allPosts().then((all) => (all ? apply(all) : location.assign(fallback())));
  };

  input.addEventListener("input", () => {
    void allPosts().then((all) => {
      if (!all) return;
      page = 1;
      render(all);
    });
  });

  // The search button (Enter) and the category buttons: no page load.
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    const chosen = button instanceof HTMLButtonElement && button !== submit ? (button.value as BlogFilter) : category;
    inPage(
      event,
      (all) => {
        category = chosen;
        page = 1;
        render(all);
      },
      () => blogHref({ query: input.value.trim(), category: chosen, page: 1 }),
    );
  });

  d.addEventListener("click", (event) => {
    const target = event.target as Element;
    const link = target.closest<HTMLAnchorElement>("#blog-more a");
    if (link) {
      inPage(
        event,
        (all) => {
          page += 1;
          // Keyboard and screen-reader users continue from the first new post.
          render(all)?.querySelector<HTMLElement>("h2 a, h3 a")?.focus();
        },
        () => link.href,
      );
    } else if (target.closest("[data-blog-clear]")) {
      inPage(
        event,
        (all) => {
          input.value = "";
          category = ALL;
          page = 1;
          render(all);
          input.focus();
        },
        () => BLOG_PATH,
      );
    }
  });
}

start();
