import type { z } from "zod";

/** JSON errors of the /api routes: `{ message }` with the status. */
export function apiError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/**
 * The JSON body of an /api call, checked by its schema. Anything else
 * (not JSON, `null`, an array where an object belongs, wrong types) is
 * thrown as a 400 naming the first problem, never a 500.
 */
export async function readApiJson<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch (error) {
    // The server's own refusal (a body over its cap) passes through as it is.
    if (error instanceof Response) throw error;
    throw apiError(400, "Please send a JSON body.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw apiError(400, `${where}${issue?.message ?? "Invalid request body"}`);
  }
  return parsed.data;
}

/** A model's refusal as the spec's /api answer: `{ status: false, message, errors }` with its status. */
export function apiRefusal(refused: {
  status: number;
  message: string;
  errors?: unknown;
}): Response {
  return Response.json(
    { status: false, message: refused.message, errors: refused.errors },
    { status: refused.status },
  );
}
