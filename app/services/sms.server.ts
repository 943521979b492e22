/**
 * Text messages through the owner's SMS provider (SMS_URL, with SMS_TOKEN as its bearer token):
 * one JSON POST a message, `{ "to": "+447700900123", "message": "…" }`, which most providers'
 * HTTP APIs take directly or through a small relay. Best effort: a message that fails is said so
 * to the caller, never retried behind the crew's back; the email is the record.
 */

const TIMEOUT_MS = 5_000;

/** A UK number as typed ("07700 900123") in the international form a provider takes. */
export function internationalUkNumber(ukDigits: string): string {
  return ukDigits.startsWith("0") ? `+44${ukDigits.slice(1)}` : ukDigits;
}

export async function sendSms(
  provider: { url: string; token: string | undefined },
  to: string,
  message: string,
): Promise<boolean> {
  try {
    const response = await fetch(provider.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(provider.token ? { authorization: `Bearer ${provider.token}` } : {}),
      },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
