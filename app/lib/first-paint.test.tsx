import { Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loaderScript } from "~/server/document/loader-script.server";
import { deferScripts, type DocumentAssets, DocumentAssetsProvider, InlineScript, InlineStylesheet } from "./first-paint";

// The shape React Router's <Scripts> renders (checked on the real build in tests/e2e/first-paint.spec.ts).
const scriptsLike = (
  <>
    {null}
    <link rel="modulepreload" href="/assets/manifest-1.js" />
    <link rel="modulepreload" href="/assets/entry.client-2.js" />
    {[<link key="r" rel="modulepreload" href="/assets/root-3.js" />]}
    <Fragment>
      <script dangerouslySetInnerHTML={{ __html: "window.__ctx = 1;" }} />
      <script type="module" async dangerouslySetInnerHTML={{ __html: 'import("/assets/entry.client-2.js");' }} />
    </Fragment>
  </>
);

const assets: DocumentAssets = {
  css: "body{color:red}</style><script>alert(1)</script>",
  routeCss: (id) => (id === "routes/small" ? "p{margin:0}</STYLE>" : null),
  scriptText: (href) => (href === "/assets/page-1.js" ? 'console.log("</script><b>")' : null),
  loaderScript,
};

describe("deferScripts", () => {
  it("takes out the module preloads in order and keeps the bootstrap as data, the context script as it was", () => {
    const deferred = deferScripts(scriptsLike)!;
    expect(deferred.preloads).toEqual(["/assets/manifest-1.js", "/assets/entry.client-2.js", "/assets/root-3.js"]);
    expect(deferred.boot).toBe('import("/assets/entry.client-2.js");');
    expect(renderToStaticMarkup(<>{deferred.elements}</>)).toBe("<script>window.__ctx = 1;</script>");
  });

  it("gives null when there is no bootstrap (after hydration, or a shape it does not know)", () => {
    expect(deferScripts(null)).toBeNull();
    expect(deferScripts(<script src="/x.js" />)).toBeNull();
  });
});

describe("loaderScript", () => {
  it("cannot close its own script tag, whatever the addresses hold", () => {
    const text = loaderScript(["/assets/a.js?</script>"], ["/assets/<b>.js"]);
    expect(text).not.toContain("<");
    expect(text).toContain('"/assets/a.js?\\u003c/script>"');
  });
});

describe("inline stylesheet and script", () => {
  it("write the built text into the page, unable to close their own tags", () => {
    const html = renderToStaticMarkup(
      <DocumentAssetsProvider value={assets}>
        <InlineStylesheet />
        <InlineScript src="/assets/page-1.js" nonce="n0" />
      </DocumentAssetsProvider>,
    );
    expect(html).toBe(
      '<style id="site-css">body{color:red}<\\/style><script>alert(1)</script></style>' +
        '<script nonce="n0">console.log("<\\/script><b>")</script>',
    );
  });

  it("take a route's own stylesheet when it has one, the whole one when it has none", () => {
    const html = renderToStaticMarkup(
      <DocumentAssetsProvider value={assets}>
        <InlineStylesheet routeId="routes/small" />
        <InlineStylesheet routeId="routes/other" />
      </DocumentAssetsProvider>,
    );
    expect(html).toBe(
      '<style id="site-css">p{margin:0}<\\/style></style>' +
        '<style id="site-css">body{color:red}<\\/style><script>alert(1)</script></style>',
    );
  });

  it("fall back to a script tag when there is no build (the dev server)", () => {
    const html = renderToStaticMarkup(
      <DocumentAssetsProvider value={assets}>
        <InlineScript src="/assets/other.js" nonce={undefined} />
      </DocumentAssetsProvider>,
    );
    expect(html).toBe('<script src="/assets/other.js" defer=""></script>');
  });
});
