import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  parseFormData,
  type FileUpload,
} from "@mjackson/form-data-parser";

/**
 * multipart/form-data with real limits. The parser's own defaults (2 MiB a
 * file, no cap on the whole body) are not ours: every route states its
 * limits, and the body is counted while it streams, so an oversized request
 * is stopped early with 413 instead of being read into memory.
 */

export interface UploadLimits {
  maxFileSize: number;
  maxFiles: number;
  /** the whole body: files plus fields */
  maxTotalBytes: number;
  /** names of the file inputs; files under other names are ignored */
  fileFields: readonly string[];
  /** the route's own wording for a refusal (the defaults speak of photos) */
  messages?: {
    fileTooLarge?: string;
    tooManyFiles?: string;
    totalTooLarge?: string;
  };
}

export interface UploadedFile {
  fieldName: string;
  name: string;
  bytes: Uint8Array;
}

/** Turns each file, as soon as it has arrived, into what the route keeps (so raw bytes are not held). */
export type FileHandler<T> = (file: UploadedFile) => Promise<T>;

/**
 * A refused upload. The rest of its body is left unread; the server reads
 * and drops it after the answer (server.ts), so the connection stays usable.
 */
class UploadError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Counts bytes as they arrive and fails the stream once there are too many. */
function countingBody(body: ReadableStream<Uint8Array>, limits: UploadLimits) {
  const maxBytes = limits.maxTotalBytes;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new UploadError(413, tooLargeMessage(limits)));
        else controller.enqueue(chunk);
      },
    }),
  );
}

function tooLargeMessage(limits: UploadLimits) {
  return (
    limits.messages?.totalTooLarge ??
    `That is more than we can take in one go (${formatMb(limits.maxTotalBytes)} in all). Please send fewer or smaller photos.`
  );
}

/** What receiveUpload hands a route: the form and its files, or why it was refused. */
export type UploadOutcome<T> =
  { ok: true; fields: FormData; files: T[] } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a multipart upload within its limits. A refusal (too large, too
 * many files, not a form) comes back as a value for the route to shape into
 * its own answer; any other failure is thrown.
 */
export async function receiveUpload<T>(
  request: Request,
  limits: UploadLimits,
  handleFile: FileHandler<T>,
): Promise<UploadOutcome<T>> {
  try {
    return { ok: true, ...(await parseUpload(request, limits, handleFile)) };
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return { ok: false, status: error.status, message: error.message };
  }
}

/** Reads the upload or throws UploadError; routes use receiveUpload. */
async function parseUpload<T>(
  request: Request,
  limits: UploadLimits,
  handleFile: FileHandler<T>,
): Promise<{ fields: FormData; files: T[] }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new UploadError(400, "Please send the form as multipart/form-data (with its photos).");
  }
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes) {
    throw new UploadError(413, tooLargeMessage(limits));
  }
  if (!request.body) throw new UploadError(400, "The form arrived empty.");

  // Node's Request needs duplex "half" for a streamed body.
  const counted = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: countingBody(request.body, limits),
    duplex: "half",
  } as RequestInit);

  const files: T[] = [];
  const onFile = async (file: FileUpload) => {
    if (!limits.fileFields.includes(file.fieldName)) return null;
    // An empty file input still sends a part with no name and no bytes.
    if (file.size === 0 && file.name === "") return null;
    const bytes = new Uint8Array(await file.arrayBuffer());
    files.push(
      await handleFile({ fieldName: file.fieldName, name: file.name.slice(0, 200), bytes }),
    );
    return null;
  };

  try {
    const fields = await parseFormData(
      counted,
      { maxFiles: limits.maxFiles, maxFileSize: limits.maxFileSize },
      onFile,
    );
    return { fields, files };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (error instanceof MaxFileSizeExceededError) {
      throw new UploadError(
        413,
        limits.messages?.fileTooLarge ??
          `Each photo must be ${formatMb(limits.maxFileSize)} or smaller.`,
      );
    }
    if (error instanceof MaxFilesExceededError) {
      throw new UploadError(
        400,
        limits.messages?.tooManyFiles ?? `Please send at most ${limits.maxFiles} photos.`,
      );
    }
    // The counting stream's error may arrive wrapped by the parser.
    if (error instanceof Error && error.cause instanceof UploadError) throw error.cause;
    throw new UploadError(400, "We could not read that form. Please try again.");
  }
}
