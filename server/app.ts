import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request Content-Security-Policy nonce for the inline scripts of server-rendered pages. */
    cspNonce?: string;
  }
}

export { env, mailTransportKind } from "~/server/env.server";
export { closeDatabase, databaseAnswers, openDatabase } from "~/server/db.server";
export { missingProductFiles, productFilesDir } from "~/server/delivery/order-access.server";
export { countPageView, startPageViewFlusher } from "~/server/admin/page-views.server";
export { rateLimitStore } from "~/server/rate-limit-store.server";

import { createDeliver, mailSettingsFromEnv, transportFromEnv } from "~/server/mail/mailer.server";
import { startOutboxWorker, type OutboxWorker } from "~/server/mail/outbox.server";

/** The e-mail outbox worker of this process, on the configured transport (SMTP or .eml files). */
export function startMail(): OutboxWorker {
  const transport = transportFromEnv();
  const worker = startOutboxWorker(createDeliver(transport, mailSettingsFromEnv()));
  return {
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  };
}

/** The React Router part of the server, bundled by Vite with the app (see server/main.ts). */
export const app = express.Router();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      return { cspNonce: res.locals.cspNonce as string | undefined };
    },
  }),
);
