import type { Route } from "./+types/home";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Home", description: "TODO description for home page, written for search results.", path: "/" });

export default function Home() {
  return <h1 className="p-8 text-3xl font-bold">Home</h1>;
}
