import type { Route } from "./+types/orders-lookup";
import { SupportEmail } from "~/components/support-email";
import { SimplePage } from "~/components/simple-page";
import { OrderLookupForm } from "~/components/order-lookup-form";
import { seo } from "~/lib/seo";
import { submitOrderLookup } from "~/server/forms/order-lookup.server";
import { page } from "~/lib/page-policy";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Find your order",
    description: "Lost the link to your downloads? Get it again by e-mail.",
    path: "/orders/lookup",
  });

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  parentHeaders.set("Cache-Control", "no-store");
  return parentHeaders;
};

export function action({ request }: Route.ActionArgs) {
  return submitOrderLookup(request);
}

export default function OrdersLookup({ actionData }: Route.ComponentProps) {
  if (actionData?.status === "success") {
    return (
      <SimplePage title={actionData.title}>
        <p role="status">{actionData.description}</p>
        <p>
          Nothing after 10 minutes? E-mail <SupportEmail /> with the address you paid with.
        </p>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Find your order">
      <p>
        Lost the link to your downloads? Enter the e-mail address you paid with and we'll send you one link to a page with all your orders
        and their downloads.
      </p>
      <OrderLookupForm outcome={actionData} />
    </SimplePage>
  );
}
