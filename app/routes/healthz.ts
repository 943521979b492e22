import { pingDatabase } from "~/services/db.server";

/** Liveness for the owner's monitor: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const ok = await pingDatabase();
  return Response.json(
    { ok },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
