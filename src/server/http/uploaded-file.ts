/**
 * Reads the one file part of a multipart upload, the same way for every upload route. Whatever the multipart reader
 * refuses (not multipart, a truncated or garbled body, a file over the limit) is the client's input, so it becomes
 * a Chinese -400 instead of a 500.
 */
import type { FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import { ApiError } from './api-error.js';

export const UPLOAD_MALFORMED_MESSAGE = '上传内容格式不正确';
export const UPLOAD_NOT_MULTIPART_MESSAGE = '请以 multipart/form-data 上传文件';

export interface UploadMessages {
  /** No file part, or an empty one. */
  noFile: string;
  /** The file is larger than `maxBytes`. */
  tooLarge: string;
  /** The request is not multipart/form-data (default: 请以 multipart/form-data 上传文件). */
  notMultipart?: string;
}

function codeOf(error: unknown): string | undefined {
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The bytes of the request's file part; throws -400 with `messages` or the common upload messages. */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  messages: UploadMessages,
): Promise<Buffer> {
  return (await readUploadedPart(request, maxBytes, messages)).bytes;
}

/** The file part's bytes and the file name the client gave it (only ever shown, never trusted for the type). */
export async function readUploadedPart(
  request: FastifyRequest,
  maxBytes: number,
  messages: UploadMessages,
): Promise<{ bytes: Buffer; fileName: string }> {
  const notMultipart = messages.notMultipart ?? UPLOAD_NOT_MULTIPART_MESSAGE;
  if (!request.isMultipart()) throw new ApiError(MsgCode.invalidInput, notMultipart);
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });
    const bytes = part ? await part.toBuffer() : undefined;
    if (!bytes || bytes.length === 0) throw new ApiError(MsgCode.invalidInput, messages.noFile);
    return { bytes, fileName: part?.filename ?? '' };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(MsgCode.invalidInput, messages.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new ApiError(MsgCode.invalidInput, notMultipart);
    // The reader failed on the body's bytes (busboy: "Unexpected end of multipart data", a missing boundary, ...).
    throw new ApiError(MsgCode.invalidInput, UPLOAD_MALFORMED_MESSAGE, undefined, { cause: error });
  }
}
