import type { MetaDescriptor } from "react-router";
import { seo } from "~/lib/seo";
import { type ToolSlug, toolBySlug, toolPath } from "./catalog";
import { TOOL_PAGES } from "./pages";

/** A calculator page's meta: its title and description from the catalogue, the bare tool address as canonical. */
export function toolMeta(slug: ToolSlug) {
  const tool = toolBySlug(slug);
  return ({ matches }: { matches: Parameters<typeof seo>[0] }): MetaDescriptor[] =>
    seo(matches, { title: tool.title, description: TOOL_PAGES[slug].description, path: toolPath(slug) });
}
