import type { Route } from "./+types/about";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "About", description: "TODO description for about page, written for search results.", path: "/about" });

export default function About() {
  return <h1 className="p-8 text-3xl font-bold">About</h1>;
}
