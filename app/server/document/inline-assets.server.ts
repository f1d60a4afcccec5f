import type { InlineAssets } from "~/lib/inline-assets";
import stylesheet from "~/app.css?inline";
import pageScript from "~/browser/page-script.js?raw";
import pageScriptUrl from "~/browser/page-script.js?url&no-inline";
import toolScript from "~/browser/tool-script.js?raw";
import toolScriptUrl from "~/browser/tool-script.js?url&no-inline";

/**
 * What a rendered document writes into itself instead of fetching (app/lib/inline-assets.tsx):
 * the stylesheet as Vite builds it (`?inline`) and the small scripts of the pages that do not
 * hydrate (`?raw`: Vite copies them into the client build unchanged, so the text is the file's).
 * Undefined while developing, where the stylesheet link keeps Vite's hot reload.
 */
export const inlineAssets: InlineAssets | undefined = import.meta.env.DEV
  ? undefined
  : {
      stylesheet: escapeClosing(stylesheet, "style"),
      scripts: new Map([
        [pageScriptUrl, escapeClosing(pageScript, "script")],
        [toolScriptUrl, escapeClosing(toolScript, "script")],
      ]),
    };

/** Text that cannot end its element early: React writes dangerouslySetInnerHTML as it is. */
export function escapeClosing(text: string, element: "style" | "script"): string {
  return text.replace(new RegExp(`</(${element})`, "gi"), "<\\/$1");
}
