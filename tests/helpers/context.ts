/**
 * What the server hands every loader and action in React Router's load context (server/app.ts),
 * built for a test on its own database: the articles' store and the checkout's facts, loaded the
 * way start-up loads them (the shipped articles seeded first). No reset hooks: a fresh one per test.
 *
 *   const site = useTestSite();   // after useTestDatabase(): loaded before each test
 *   loader({ request, params, context: { config, ...site() } })
 */
import { beforeEach } from "vitest";
import { loadSiteContent, type SiteContent } from "~/server/content/site-content.server";

/** Load the site's content now (the database must be open). */
export function testSite(): Promise<SiteContent> {
  return loadSiteContent();
}

/** A fresh site content before each test (registered after the database's own hooks, so after its tables are emptied). */
export function useTestSite(): () => SiteContent {
  let current: SiteContent | undefined;
  beforeEach(async () => {
    current = await loadSiteContent();
  });
  return () => {
    if (!current) throw new Error("useTestSite(): the site is loaded before each test, not at the file's top level.");
    return current;
  };
}
