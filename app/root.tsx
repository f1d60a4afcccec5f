import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import pageScript from "./browser/page-script.ts?page-script&url";
import brandMarkIcon from "./assets/brand-mark.svg?inline";
import { NotFound } from "~/components/not-found-message";
import { HydratesContext } from "~/components/site-link";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/toaster";
import { DeferredScripts, InlineScript, InlineStylesheet } from "~/lib/first-paint";
import { needsHydration, usesDashboardChrome } from "~/lib/page-policy";
import "~/lib/zod-config";
import { useNonce } from "~/lib/nonce";
import { REFERRER_POLICY } from "~/lib/site";
import { publicBusiness } from "~/lib/business";
import { priceLabel } from "~/lib/catalogue";
import { businessDefaultsFromEnv, publicConfig } from "~/server/env.server";

/**
 * The page's icon is written into the page (a data: URL of the brand mark, about 480 bytes), so
 * no page asks for an icon over the network. Chromium asks for it once the load event has fired,
 * at high priority; on an article the load event comes with the hero picture, often before the
 * frame that shows it, and Lighthouse's simulation then counted the icon's round trip in the
 * largest paint (0.90 s instead of 0.76 s, decision 046). The home page also names
 * /favicon.svg (routes/home.tsx): search engines read a site's icon from its home page, at an
 * address they can fetch. /favicon.ico stays for browsers without SVG icons.
 */
// Vite writes the SVG's quotes as ', which React would escape to &#x27; (six bytes each): once, here.
const ICON_HREF = brandMarkIcon.replaceAll("'", "%27");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: ICON_HREF, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: "Fresh Start Money blog", href: "/rss.xml" },
];

/** Every rendered page's Referrer-Policy, unless its route sends a stricter one (see those routes' headers). */
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": REFERRER_POLICY });

/**
 * Values every page needs from configuration; only this allow-list reaches the browser. The
 * business's public details are the running site's (the owner's saved ones, decision 069); a page
 * prerendered at build time has no site loaded and takes the environment's. The toolkit's price the
 * header names is the product store's, so a price change shows on every page.
 */
export function loader({ context }: Route.LoaderArgs) {
  const toolkit = context?.products?.toolkit();
  return {
    ...publicConfig(),
    business: publicBusiness(context?.content?.business() ?? businessDefaultsFromEnv()),
    toolkitPrice: toolkit ? priceLabel(toolkit) : null,
  };
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  // Articles are plain HTML in the browser: no React Router scripts at all (app/lib/page-policy.ts).
  // In the browser React is running already (an article reached by a client-side navigation),
  // so the scripts stay.
  const matches = useMatches();
  const hydrate = typeof document !== "undefined" || needsHydration(matches);
  // The owner's pages draw their own frame, header and <main> (components/dashboard-shell.tsx).
  const dashboard = usesDashboardChrome(matches);
  // Scripts start after the first paint (app/lib/first-paint.tsx): until React has hydrated, the
  // page is plain HTML. This marks the moment (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        {/* A page without React carries only its route's rules: no navigation can reach another route's. */}
        <InlineStylesheet routeId={hydrate ? undefined : matches.at(-1)?.id} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* Plain anchors where nothing hydrates (components/site-link.tsx). */}
        <HydratesContext value={hydrate}>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white font-bold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2 focus:shadow-lg"
          >
            Skip to content
          </a>
          {dashboard ? (
            children
          ) : (
            <>
              <SiteHeader toolkitPrice={data?.toolkitPrice ?? null} />
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              <SiteFooter year={data?.year ?? new Date().getFullYear()} />
            </>
          )}
        </HydratesContext>
        {/* A page without React: its one script, written into the page (app/lib/first-paint.tsx). */}
        {!hydrate && !dashboard && <InlineScript src={pageScript} nonce={nonce} />}
        {hydrate && (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            {/* React Router's scripts, and the page script first, after the first paint. */}
            {/* Not on the dashboard: no hand-written script there, React does what the page script does (decision 057). */}
            <DeferredScripts nonce={nonce} after={dashboard ? [] : [pageScript]} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 410) return <NotFound gone />;
  // In the browser; on the server React Router's handleError logs it (app/entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">Sorry, this page could not be shown right now. Please try again in a moment.</p>
      <a href="/" className="mt-8 inline-block font-bold text-brand-700 underline">
        Return to Home
      </a>
    </section>
  );
}
