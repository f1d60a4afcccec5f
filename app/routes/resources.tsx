import type { Route } from "./+types/resources";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Resources", description: "TODO description for resources page, written for search results.", path: "/resources" });

export default function Resources() {
  return <h1 className="p-8 text-3xl font-bold">Resources</h1>;
}
