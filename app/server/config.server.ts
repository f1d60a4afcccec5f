/**
 * The site's configuration as code uses it: built once from the validated environment, handed to
 * every loader and action through React Router's load context (server/app.ts), and to tests as
 * they build it. Nothing here is reconfigured while a server runs; the objects it holds (the
 * payment provider, the owner's cookies and login throttle) are made here once, for the server's life.
 */
import type { KeyObject } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { parseSendgridPublicKey } from "~/server/audience/sendgrid-key.server";
import { ownerConfigFromEnv, type OwnerConfig } from "~/server/admin/owner-session.server";
import { env, type Env } from "~/server/env.server";
import { createPayments } from "~/server/payments/payments.server";
import { paymentsConfigFromEnv, type Payments } from "~/server/payments/provider.server";

export type AppConfig = {
  /** The owner dashboard's password hash and session secret; null when it is off. */
  readonly owner: OwnerConfig | null;
  readonly payments: Payments;
  /** SendGrid's Event Webhook verification key; undefined leaves /api/webhooks/sendgrid off (404). */
  readonly mailEventsKey?: KeyObject;
};

declare module "react-router" {
  interface AppLoadContext {
    /** Set by the production server (server/app.ts); tests pass their own. */
    config?: AppConfig;
  }
}

export function appConfigFromEnv(e: Env = env()): AppConfig {
  return {
    owner: ownerConfigFromEnv(e),
    payments: createPayments(paymentsConfigFromEnv(e)),
    mailEventsKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY ? parseSendgridPublicKey(e.SENDGRID_WEBHOOK_PUBLIC_KEY) : undefined,
  };
}

/** The configuration a route was given: the server's (server/app.ts), or a test's own. */
export function appConfig(context: AppLoadContext | undefined): AppConfig {
  if (!context?.config)
    throw new Error("No configuration in the load context: the server builds it at start-up (server/app.ts), a test passes its own.");
  return context.config;
}
