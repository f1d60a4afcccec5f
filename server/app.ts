import { createRequestHandler } from "@react-router/express";
import type { IncomingHttpHeaders } from "node:http";
import express from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { createRequestHandler as createDocumentHandler, type ServerBuild } from "react-router";
import { routeMatcher, sitemapPaths } from "./route-match.ts";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce for the inline scripts of server-rendered pages. */
    cspNonce?: string;
    /**
     * The client's address as the rate limits key it (Express's req.ip: one trusted proxy hop with
     * TRUST_PROXY, like server/protections.ts; IPv6 by its /56), for the login throttle.
     */
    clientAddress?: string;
    /** A render for the page cache (server/page-cache.ts): the whole document at once, its scripts marked with `cspNonce`. */
    keptPage?: boolean;
    /** The addresses the sitemap lists: the routes whose page policy says `sitemap: true` (app/lib/page-policy.ts). */
    sitemapPaths?: readonly string[];
  }
}

import { appConfigFromEnv, type AppConfig } from "~/server/config.server";
import { publicBusiness, type PublicBusiness } from "~/lib/business";

export { env, mailTransportKind } from "~/server/env.server";
import { env } from "~/server/env.server";
export { closeDatabase, databaseAnswers, openDatabase } from "~/server/db.server";
export { missingProductFiles, productFilesDir } from "~/server/delivery/order-access.server";
import { createPageViewCounter } from "~/server/admin/page-views.server";
export { rateLimitStore } from "~/server/rate-limit-store.server";
import { loadSiteContent, type SiteContent } from "~/server/content/site-content.server";
import { builtAssetsReader } from "~/server/document/built-assets.server";

import { createDeliver, mailSettingsFromEnv, transportFromEnv } from "~/server/mail/mailer.server";
import { queueDueSteps } from "~/server/audience/sequence.server";
import { queueDueBroadcasts } from "~/server/audience/broadcasts.server";
import { publishOverdueReviews } from "~/server/content/reviews.server";
import { sweepExpired } from "~/server/maintenance/sweep.server";
import { compactTallies } from "~/server/tallies.server";
import { vacuumEmbedded } from "~/server/db.server";

/** How often the worker's heartbeat deletes what nobody will use again. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
import { mailWorkerOptions, startOutboxWorker, type OutboxWorker } from "~/server/mail/outbox.server";

/** The e-mail outbox worker of this process, on the configured transport (SMTP or .eml files). */
export function startMail(): OutboxWorker {
  const transport = transportFromEnv();
  let lastSweep = 0;
  // The e-mails name products as the site's product store has them now (receipts, notices, the guide's mention of the toolkit).
  const worker = startOutboxWorker(createDeliver(transport, { ...mailSettingsFromEnv(), products: booted().products }), {
    ...mailWorkerOptions(env(), transport.kind),
    beforePass: async () => {
      await queueDueSteps();
      await queueDueBroadcasts();
      // Not mail, but the same heartbeat: a review the owner left undecided for her set days.
      await publishOverdueReviews(booted().content);
      // And rows nobody will use again (abandoned checkouts, long-expired links): at most once an hour.
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await sweepExpired();
        // The dashboard's running counts folded, and the embedded database's old row versions reclaimed.
        await compactTallies();
        await vacuumEmbedded();
      }
    },
  });
  return {
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  };
}

/**
 * What this process loads once at start-up, after server/main.ts has validated the environment
 * and opened the database: the configuration, the articles' store and the checkout's facts, given
 * to every loader and action in its load context. The process's one holder of them (the app's
 * modules keep no such state: they are handed what they need).
 */
let site: ({ config: AppConfig } & SiteContent) | undefined;

/** Load the site (seeding the shipped articles on a first start); server/main.ts awaits it before it listens. */
export async function bootSite(): Promise<void> {
  site = { config: appConfigFromEnv(), ...(await loadSiteContent()) };
}

function booted(): { config: AppConfig } & SiteContent {
  if (!site) throw new Error("The site is not loaded: server/main.ts awaits bootSite() at start-up.");
  return site;
}

/** This process's page-view counter: the static server and the page cache count into it, the dashboard writes it before it reads. */
const pageViews = createPageViewCounter();

/** Count a page answered to a GET (server/main.ts, for the prerendered pages and the page cache's). */
export function countPageView(path: string, headers: IncomingHttpHeaders): boolean {
  return pageViews.count(path, headers);
}

/** Write the counted views every few seconds; stop() writes what is left (server/main.ts at shutdown). */
export function startPageViewFlusher(): { stop(): Promise<void> } {
  return pageViews.startFlusher();
}

/** The key the page cache keeps pages under (server/page-cache.ts): it moves with the content. */
export function contentKey(): string {
  return booted().content.key();
}

/** The business's public details as this server's pages show them now (the owner's saved ones, decision 069). */
export function businessNow(): PublicBusiness {
  return publicBusiness(booted().content.business());
}

/** Watch the content version; another server's change reaches this one within a second. */
export function watchContent(): { stop: () => void } {
  return booted().content.watch();
}

/** The React Router part of the server, bundled by Vite with the app (see server/main.ts). */
export const app = express.Router();

// Imported dynamically (awaited once at start-up): a static import folds the build into this
// chunk, and React Router's plugin then finds no server build file in its manifest.
const serverBuild = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;

/** The build's scripts and route stylesheets that pages write in, each read once (app/entry.server.tsx). */
const builtAssets = builtAssetsReader();

/** The document renderer, made once: the page cache's renders, and in every load context (app/server/document/render-page.server.ts). */
const renderDocument = createDocumentHandler(serverBuild, "production");

app.use(
  createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router derives its
    // route tables and static handler again on every request (about 15 % of a page's server time).
    build: serverBuild,
    getLoadContext(req, res) {
      const { config, content, checkout, products } = booted();
      return {
        config,
        content,
        checkout,
        products,
        sitemapPaths: SITEMAP_PATHS,
        pageViews,
        builtAssets,
        // A resource route may answer with a page of the site (a refused download says why on one).
        renderDocument,
        cspNonce: res.locals.cspNonce as string | undefined,
        clientAddress: ipKeyGenerator(req.ip ?? "unknown"),
      };
    },
  }),
);

/**
 * The route that serves a path, matched as React Router matches it, with its page policy: the
 * protections key their limits by it and take its body limit, the page cache its rendering.
 */
export const servingRoute = routeMatcher(serverBuild.routes);

/** The sitemap's pages, read once from the routes' handles (the Lighthouse run reads them from the build too). */
export const SITEMAP_PATHS = sitemapPaths(serverBuild.routes);

/** The address React Router answers its route manifest at (lazy route discovery), which no route of ours matches. */
const manifestPath = serverBuild.routeDiscovery.mode === "lazy" ? serverBuild.routeDiscovery.manifestPath : undefined;

/**
 * A page address only the catch-all not-found route answers: the same not-found page whatever was
 * asked, kept by the page cache (server/page-cache.ts). Not a data request (`.data`, which React
 * Router answers for a route) nor the route manifest.
 */
export function answersNotFound(path: string): boolean {
  return !path.endsWith(".data") && path !== manifestPath && servingRoute(path) === null;
}

/**
 * A page as the page cache keeps it (server/page-cache.ts): a plain GET with no cookie,
 * uncompressed, its inline scripts carrying `nonce` when the cache gives one.
 */
export function renderContentPage(origin: string, path: string, nonce?: string): Promise<Response> {
  const { config, content, checkout, products } = booted();
  return renderDocument(new Request(`${origin}${path}`, { headers: { Accept: "text/html" } }), {
    config,
    content,
    checkout,
    products,
    sitemapPaths: SITEMAP_PATHS,
    renderDocument,
    builtAssets,
    cspNonce: nonce,
    keptPage: true,
  });
}

/** What a cached page's variant may ask of the running site (app/lib/page-policy.ts): the articles as loaded now. */
export const siteFacts: { articleExists: (slug: string) => boolean; productExists: (slug: string) => boolean } = {
  articleExists: (slug) => booted().content.articleExists(slug),
  productExists: (slug) => booted().products.publicAddress(slug).kind === "page",
};
