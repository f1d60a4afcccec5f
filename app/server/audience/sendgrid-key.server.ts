/** SendGrid's webhook verification key, parsed on its own (the environment check needs nothing else). */
import { createPublicKey, type KeyObject } from "node:crypto";

/** The public key as SendGrid's settings show it (base64 SubjectPublicKeyInfo DER), or undefined if it is not one. */
export function parseSendgridPublicKey(base64: string): KeyObject | undefined {
  try {
    const key = createPublicKey({ key: Buffer.from(base64, "base64"), format: "der", type: "spki" });
    return key.asymmetricKeyType === "ec" ? key : undefined;
  } catch {
    return undefined;
  }
}
