import { Children, createContext, Fragment, isValidElement, type ReactElement, type ReactNode, useContext } from "react";
import { Scripts } from "react-router";

/**
 * Paint first, then hydrate (docs/decisions/013-paint-first.md, 019, 033). Every page is complete
 * HTML, so a phone can show it as soon as the document arrives, if nothing else stands in the way.
 * All of it happens while React renders the page (prerendering and per request alike); nothing
 * reads the rendered HTML again:
 *
 * - The stylesheet is in the page (<InlineStylesheet>): the entry (app/entry.server.tsx) imports
 *   the built CSS as text (Vite's `?inline`) and hands it down through DocumentAssets. A page
 *   that does not hydrate gets its route's own stylesheet instead, built with only the classes
 *   its modules hold (scripts/build/route-css.ts); prerendered and cached, it then keeps only
 *   the rules its markup uses (app/server/document/critical-css.server.ts).
 * - A page that does not hydrate (an article, a calculator) has its small page script written
 *   into the page (<InlineScript>): a request for it came before the largest paint in
 *   Lighthouse's simulation (+0.13 s). Each is a TypeScript module in app/browser, bundled into
 *   one minified classic script by the build (scripts/build/page-scripts.ts).
 * - On a page that hydrates, ~115 KB of JavaScript would be fetched from <head> (module
 *   preloads) racing the page for a slow connection. <DeferredScripts> renders React Router's own
 *   <Scripts> with its bootstrap module kept inert (type="text/x-boot") and its preloads left out,
 *   and a small loader that starts them once the browser reports the first contentful paint (or
 *   after 3 s at the latest), with the page script first. Until then the page is plain HTML:
 *   links are links, forms post without JavaScript.
 */

export const BOOT_SCRIPT_TYPE = "text/x-boot";
export const BOOT_ID = "rr-boot";
export const STYLESHEET_ID = "site-css";

/**
 * What the server hands the document: the built stylesheet's text, a built script's text by its
 * URL, and the loader's text (app/server/document/loader-script.server.ts; server-only, so none
 * of it is in the browser's bundle).
 */
export type DocumentAssets = {
  css: string;
  /** A route's own stylesheet, or null (then the whole one). */
  routeCss(routeId: string): string | null;
  scriptText(href: string): string | null;
  loaderScript(preloads: string[], scripts: string[]): string;
};

const DocumentAssetsContext = createContext<DocumentAssets | null>(null);
export const DocumentAssetsProvider = DocumentAssetsContext.Provider;

const safeInStyle = (css: string) => css.replace(/<\/style/gi, "<\\/style");
const safeInScript = (js: string) => js.replace(/<\/script/gi, "<\\/script");

/**
 * The site's stylesheet as the page's own <style>: the whole of it, or `routeId`'s own (a page
 * that does not hydrate: nothing can navigate on from it without loading a new document).
 */
export function InlineStylesheet({ routeId }: { routeId?: string }) {
  const assets = useContext(DocumentAssetsContext);
  // In the browser (hydrating) the text is the one the server wrote: read back, so the trees match.
  const css = assets
    ? safeInStyle((routeId && assets.routeCss(routeId)) || assets.css)
    : (document.getElementById(STYLESHEET_ID)?.innerHTML ?? "");
  return <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * A built page script (`src`: its address, from an `app/browser/<name>.ts?page-script&url` import)
 * written into the page (a page without React); a plain script tag when there is no build (dev).
 */
export function InlineScript({ src, nonce }: { src: string; nonce: string | undefined }) {
  const text = useContext(DocumentAssetsContext)?.scriptText(src);
  if (text == null) return <script src={src} nonce={nonce} defer />;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: safeInScript(text) }} />;
}

type ElementProps = { children?: ReactNode; rel?: string; href?: string; type?: string; dangerouslySetInnerHTML?: { __html: string } };

/**
 * React Router's <Scripts> output (React elements, not HTML) made inert: module preloads taken
 * out (their addresses collected), the bootstrap module turned into data. Everything else (the
 * context script, the import map) is kept as it was. Null when the output holds no bootstrap
 * module (after hydration, or a shape this code does not know: then the scripts run as React
 * Router renders them, and tests/e2e/first-paint.spec.ts fails).
 */
export function deferScripts(node: ReactNode): { elements: ReactNode[]; preloads: string[]; boot: string } | null {
  const preloads: string[] = [];
  const elements: ReactNode[] = [];
  let boot: string | null = null;
  const visit = (child: ReactNode) => {
    if (!isValidElement<ElementProps>(child)) {
      elements.push(child);
      return;
    }
    if (child.type === Fragment) {
      Children.forEach(child.props.children, visit);
      return;
    }
    const { props } = child;
    if (child.type === "link" && props.rel === "modulepreload" && props.href) preloads.push(props.href);
    else if (child.type === "script" && props.type === "module" && props.dangerouslySetInnerHTML && boot === null)
      boot = props.dangerouslySetInnerHTML.__html;
    else elements.push(child);
  };
  visit(node);
  return boot === null ? null : { elements, preloads, boot };
}

/** React Router's scripts, started after the first paint, with `after` (the page script) first. */
export function DeferredScripts({ nonce, after }: { nonce: string | undefined; after: string[] }) {
  const assets = useContext(DocumentAssetsContext);
  // <Scripts> is called, not rendered, so its elements can be read: its hooks run as this component's.
  const rendered: ReactElement | null = Scripts({ nonce });
  const deferred = deferScripts(rendered);
  if (!deferred) return rendered;
  return (
    <>
      {Children.toArray(deferred.elements)}
      <script
        id={BOOT_ID}
        type={BOOT_SCRIPT_TYPE}
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: deferred.boot }}
      />
      {/* In the browser the loader has run already: React hydrates it as it stands. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: assets ? assets.loaderScript(deferred.preloads, after) : "" }}
      />
    </>
  );
}
