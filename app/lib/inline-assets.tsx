import { createContext, useContext } from "react";
import { useNonce } from "~/lib/nonce";

/**
 * Text of the built assets a document writes into itself (app/server/document/inline-assets.server.ts):
 * given by the server's render (app/entry.server.tsx), absent in the browser and in development.
 */
export type InlineAssets = {
  stylesheet: string;
  /** Script text by the URL the page would otherwise fetch it from. */
  scripts: ReadonlyMap<string, string>;
};

// Pure: a page bundle that renders none of this (only the server does) can leave the module out.
export const InlineAssetsContext = /* @__PURE__ */ createContext<InlineAssets | undefined>(undefined);

/**
 * The whole stylesheet in the page: one round trip fewer before the first paint
 * (docs/decisions/013-paint-first.md). Rendered by the server only: React leaves an element it
 * does not render itself in <head> alone when it hydrates, so the browser keeps the styles.
 */
export function InlineStylesheet() {
  const assets = useContext(InlineAssetsContext);
  return assets ? <style dangerouslySetInnerHTML={{ __html: assets.stylesheet }} /> : null;
}

/**
 * A small script of a page that does not hydrate, written into the page (a request for it came
 * before the largest paint: docs/decisions/019-pages-without-hydration.md); a plain `src` where the
 * text is not at hand (development). Allowed by the CSP nonce, or by its hash when prerendered.
 */
export function InlineScript({ src }: { src: string }) {
  const nonce = useNonce();
  const text = useContext(InlineAssetsContext)?.scripts.get(src);
  return text === undefined ? <script src={src} nonce={nonce} /> : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
