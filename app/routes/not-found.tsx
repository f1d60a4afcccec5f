import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/not-found-message";
import { seo } from "~/lib/seo";
import { warnNotFound } from "~/server/document/not-found.server";
import { page } from "~/lib/page-policy";

/**
 * Plain HTML in the browser (app/lib/page-policy.ts): three links need nothing of React, and a
 * reader who mistyped an address on a phone should not download the ~118 KB bundle for them.
 */
export const handle = page({ hydrate: false, robots: "noindex" });

export function loader({ request }: Route.LoaderArgs) {
  warnNotFound(request);
  return data(null, { status: 404 });
}

/** The same for every unknown address (server/page-cache.ts keeps one copy): nothing of the address asked. */
export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Page not found", description: "This page could not be found.", path: null });

export default function NotFoundRoute() {
  return <NotFound />;
}
