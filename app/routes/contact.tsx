import type { Route } from "./+types/contact";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Contact", description: "TODO description for contact page, written for search results.", path: "/contact" });

export default function Contact() {
  return <h1 className="p-8 text-3xl font-bold">Contact</h1>;
}
