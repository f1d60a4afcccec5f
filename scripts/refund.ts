/**
 * `npm run order:refund -- FSM-000123 [power-pack|toolkit]` (or the order's number alone): refunds
 * an order, or one product of it when named (the other stays the buyer's), through
 * the provider that took the payment, with the same function as the owner dashboard's Refund
 * (app/server/payments/refunds.server.ts). A test-provider order is refunded at once: access ends, the order
 * page says so, the buyer gets the refund notice. A Stripe order is refunded through Stripe's
 * API; its webhook event then does the rest. A refund asked for before (by the dashboard or this
 * script, however long ago) is not asked for again: it says what Stripe has of it.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
 */
import { closeDatabase, openDatabase } from "../app/server/db.server";
import { appConfigFromEnv } from "../app/server/config.server";
import { env } from "../app/server/env.server";
import { findOrder } from "../app/server/payments/orders.server";
import { alreadyRequestedMessage, refundOrder } from "../app/server/payments/refunds.server";

const arg = process.argv[2] ?? "";
const product = process.argv[3];
const id = Number(/^(?:FSM-)?0*(\d+)$/i.exec(arg.trim())?.[1]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error("Usage: npm run order:refund -- FSM-000123 [power-pack|toolkit]");
  process.exit(2);
}
const config = env();
await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
try {
  const order = await findOrder(id);
  if (!order) throw new Error(`No order ${arg}.`);
  const result = await refundOrder(appConfigFromEnv(config).payments, order, product);
  switch (result.kind) {
    case "refunded":
      console.log(`Order ${arg}${product ? ` (${product})` : ""} refunded: access ended and the refund notice is queued.`);
      break;
    case "requested":
      console.log(`Order ${arg}: Stripe accepted the refund (${result.refundId}); its webhook ends access and sends the notice.`);
      break;
    case "already-refunded":
      console.log(`Order ${arg}${product ? ` (${product})` : ""} was already refunded.`);
      break;
    case "already-requested":
      console.log(`Order ${arg}${product ? ` (${product})` : ""}: ${alreadyRequestedMessage(result)} Nothing was asked again.`);
      break;
    default:
      throw new Error(`Order ${arg} was not refunded: ${result.reason}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
