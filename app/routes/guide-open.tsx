import { redirect } from "react-router";
import type { Route } from "./+types/guide-open";
import { SimplePage } from "~/components/simple-page";
import { buttonClass } from "~/components/ui/button";
import { guideIdOf, GUIDES, type Guide } from "~/lib/guides";
import { seo } from "~/lib/seo";
import { openGuideLink } from "~/server/audience/proof.server";
import { page } from "~/lib/page-policy";

/** The guide a link names (`?guide=`); a link from before there were two names the credit guide. */
function guideOf(request: Request): Guide {
  const id = new URL(request.url).searchParams.get("guide");
  return GUIDES[guideIdOf(id)];
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...seo(matches, {
    title: `Your free ${data?.title ?? GUIDES["credit-repair"].title}`,
    description: `Download the free ${data?.title ?? GUIDES["credit-repair"].title} (PDF).`,
    path: "/guide",
  }),
  // Not "no-referrer": with it the browser posts the button's form with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

/** Complete as HTML: a plain form, no React on the page. */
export const handle = page({ hydrate: false, robots: "noindex" });

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

/**
 * The guide e-mail's download link opens this page and nothing more: mail scanners and link
 * previews fetch links without a reader, so a GET proves nothing. Only the button (a POST) proves
 * the address is its reader's, starts the welcome sequence the form announced, and gives the guide.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { title } = guideOf(request);
  return { title };
}

/** An unknown or old link still gets the guide, which is free to everyone. */
export async function action({ params, request }: Route.ActionArgs) {
  const guide = guideOf(request);
  await openGuideLink(params.token, guide.id);
  return redirect(guide.pdf, { status: 303, headers: { "Cache-Control": "no-store" } });
}

export default function GuideOpen({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={`Your free ${loaderData.title}`}>
      <p>Thanks for asking for it. The guide is a PDF you can read on your phone or print.</p>
      <form method="post">
        <button type="submit" className={buttonClass()}>
          Download the guide (PDF)
        </button>
      </form>
      <p className="text-sm">
        Didn't ask for this? Close this page: nothing happens unless you press the button, and no further e-mail is sent to you.
      </p>
    </SimplePage>
  );
}
