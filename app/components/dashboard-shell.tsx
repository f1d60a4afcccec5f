import { ChevronDown, ExternalLink } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SITE_NAME } from "~/lib/site";

/**
 * The dashboard's sections, grouped by the owner's jobs: the one list the laptop's side bar and
 * the phone's menu are both made from. Thirteen sections in six groups fit a side bar at 1280 px
 * without wrapping (issue 42: as tabs they took two rows on a laptop and four on a phone).
 */
type Section = { to: string; label: string; end?: boolean };

export const DASHBOARD_SECTIONS: readonly { group: string; links: readonly Section[] }[] = [
  { group: "Overview", links: [{ to: "/admin", label: "Overview", end: true }] },
  {
    group: "Content",
    links: [
      { to: "/admin/articles", label: "Articles" },
      { to: "/admin/reviews", label: "Reviews" },
    ],
  },
  {
    group: "Shop",
    links: [
      { to: "/admin/orders", label: "Orders" },
      { to: "/admin/products", label: "Products" },
      { to: "/admin/offers", label: "Offers" },
      { to: "/admin/updates", label: "E-mail buyers" },
    ],
  },
  {
    group: "List",
    links: [
      { to: "/admin/contacts", label: "Contacts" },
      { to: "/admin/broadcasts", label: "Broadcasts" },
      { to: "/admin/sequence", label: "Welcome e-mails" },
      { to: "/admin/email", label: "E-mail health" },
    ],
  },
  { group: "Inbox", links: [{ to: "/admin/messages", label: "Messages" }] },
  { group: "Settings", links: [{ to: "/admin/settings", label: "Business details" }] },
];

/** The section a dashboard path belongs to (the longest matching prefix), for the phone menu's button. */
export function currentSection(pathname: string): Section | undefined {
  return DASHBOARD_SECTIONS.flatMap((g) => g.links)
    .filter((s) => (s.end ? pathname === s.to : pathname === s.to || pathname.startsWith(`${s.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

function SectionList({ className, onPick }: { className: string; onPick?: () => void }) {
  return (
    <ul className={className}>
      {DASHBOARD_SECTIONS.map(({ group, links }) => (
        <li key={group}>
          <p className="px-3 text-xs font-bold tracking-wide text-slate-600 uppercase">{group}</p>
          <ul className="mt-1 space-y-0.5">
            {links.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  onClick={onPick}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-bold ${isActive ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-200"}`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The owner's frame, apart from the public site's (no marketing header, menu or footer): a bar
 * with the site's name, "View site" and "Log out", and, once logged in, the sections: a side bar
 * from 1024 px, a menu under the bar below that. The menu is a <details>, so it opens without
 * any script; it is remade closed on each new page (its key is the path).
 */
export function DashboardShell({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  // A pick in the menu closes it, the page's own link included (the key remakes it only on a new path).
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const here = currentSection(pathname);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4">
          <p className="min-w-0 truncate font-bold text-slate-900">
            {SITE_NAME} <span className="font-normal text-slate-600 max-sm:sr-only">· Dashboard</span>
          </p>
          <div className="flex shrink-0 items-center gap-2">
            <a href="/" className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-bold text-brand-800 hover:underline">
              View site
              <ExternalLink aria-hidden="true" className="size-4 max-sm:hidden" />
            </a>
            {loggedIn ? (
              <form method="post" action="/admin/logout">
                <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
                  Log out
                </button>
              </form>
            ) : null}
          </div>
        </div>
      </header>
      {loggedIn ? (
        <details key={pathname} ref={menu} className="group border-b border-slate-200 bg-white lg:hidden">
          <summary className="mx-auto flex max-w-7xl cursor-pointer list-none items-center justify-between px-4 py-3 font-bold text-slate-900 [&::-webkit-details-marker]:hidden">
            <span>
              <span className="sr-only">Dashboard menu, now: </span>
              {here?.label ?? "Menu"}
            </span>
            <span className="inline-flex items-center gap-1 text-sm text-brand-800">
              Menu
              <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            </span>
          </summary>
          <nav aria-label="Dashboard" className="mx-auto max-w-7xl px-2 pb-4">
            <SectionList className="grid grid-cols-2 gap-x-2 gap-y-3" onPick={closeMenu} />
          </nav>
        </details>
      ) : null}
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4">
        {loggedIn ? (
          <nav aria-label="Dashboard" className="hidden w-48 shrink-0 py-8 lg:block">
            <SectionList className="sticky top-4 space-y-4" />
          </nav>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 py-6 focus:outline-none sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
