import type { Route } from "./+types/checkout";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Checkout", description: "TODO description for checkout page, written for search results.", path: "/checkout" });

export default function Checkout() {
  return <h1 className="p-8 text-3xl font-bold">Checkout</h1>;
}
