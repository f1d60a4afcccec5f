import { data } from "react-router";
import type { Figures } from "~/lib/figures";
import { reviewFigures } from "~/server/content/reviews.server";

/**
 * GET /api/figures: the home page's live figures. The page itself is prerendered (its speed
 * comes from that), so it asks for what the database knows once it has hydrated. A CDN may keep
 * the answer half a minute; a browser asks again every time.
 */
export async function loader() {
  const figures: Figures = { reviews: await reviewFigures() };
  return data(figures, { headers: { "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=300" } });
}
