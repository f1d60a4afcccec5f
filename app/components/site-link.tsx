import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { Link, NavLink } from "react-router";

/**
 * Whether React runs on this page in the browser (root.tsx's Layout sets it from the routes'
 * `hydrate`, app/lib/page-policy.ts). True where nothing says otherwise: in the browser React is
 * running.
 */
export const HydratesContext = createContext(true);

/** What only React Router's <Link> reads: nothing of it reaches a plain anchor. */
type RouterOnly = "reloadDocument" | "replace" | "state" | "preventScrollReset" | "relative" | "viewTransition" | "prefetch" | "discover";

type SiteLinkProps = Omit<ComponentProps<typeof Link>, "to"> & { to: string };

/**
 * A link to one of our pages, loaded as a document. The pages these links lead to (the site's
 * header, footer and "continue" links) are pages without React: complete as HTML, each with only
 * its own stylesheet and script, which run when the document loads. Rendered by React after a
 * navigation in the browser, such a page's script tag never runs (and React's development build
 * says so): issue 39's walk found it. Where the page hydrates, React Router's <Link> with
 * `reloadDocument`; on a page without React, the plain <a> that <Link> would have become there
 * anyway, without resolving the route tree for it on the server (React Router's links were a
 * tenth of a not-found page's server time: docs/decisions/042-server-render-cost.md).
 */
export function SiteLink({ to, children, ...props }: SiteLinkProps) {
  if (useContext(HydratesContext))
    return (
      <Link to={to} reloadDocument {...props}>
        {children}
      </Link>
    );
  // The attributes in <Link>'s order, so the page is the same but for React Router's own mark.
  return (
    <a {...withoutRouterProps(props)} href={to}>
      {children}
    </a>
  );
}

function withoutRouterProps<T extends Record<string, unknown>>(props: T): Omit<T, RouterOnly> {
  const {
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    prefetch: _prefetch,
    discover: _discover,
    ...anchor
  } = props;
  return anchor;
}

/**
 * Whether the page at `pathname` is the one a navigation link to `to` names, as React Router's
 * <NavLink> decides it: the same path, or (unless `end`) a page under it; letter case aside.
 */
export function isCurrentPage(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  const endSlash = there !== "/" && there.endsWith("/") ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(endSlash) === "/");
}

/** A navigation link marked when its page is the current one (aria-current="page"); <NavLink> where the page hydrates. */
export function SiteNavLink({
  to,
  end = false,
  pathname,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  /** The current page's path (useLocation's), for a page without React. */
  pathname: string;
  className: (isActive: boolean) => string;
  children: ReactNode;
}) {
  if (useContext(HydratesContext)) {
    return (
      <NavLink to={to} end={end} reloadDocument className={({ isActive }) => className(isActive)}>
        {children}
      </NavLink>
    );
  }
  const current = isCurrentPage(pathname, to, end);
  return (
    <a aria-current={current ? "page" : undefined} className={className(current)} href={to}>
      {children}
    </a>
  );
}
