import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { LEGAL_PAGES } from "./lib/site";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("resources", "routes/resources.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("contact", "routes/contact.tsx"),
  ...LEGAL_PAGES.map((page) => route(page.slug, "routes/legal.tsx", { id: `legal-${page.slug}` })),
  route("checkout", "routes/checkout.tsx"),
  route("checkout-success", "routes/checkout-success.tsx"),
  route("pay/test", "routes/pay-test.tsx"),
  route("orders/lookup", "routes/orders-lookup.tsx"),
  route("orders/:token", "routes/order.tsx"),
  route("orders/:token/files/:fileId", "routes/order-file.ts"),
  route("newsletter/confirm/:token", "routes/newsletter-confirm.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("api/create-payment", "routes/api/create-payment.ts"),
  route("api/webhooks/stripe", "routes/api/webhooks.stripe.ts"),
  route("go/:partner", "routes/go.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("rss.xml", "routes/rss.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
