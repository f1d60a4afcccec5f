import type { Route } from "./+types/checkout-success";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "CheckoutSuccess", description: "TODO description for checkout-success page, written for search results.", path: "/checkout-success" });

export default function CheckoutSuccess() {
  return <h1 className="p-8 text-3xl font-bold">CheckoutSuccess</h1>;
}
