import type { FastifyRequest } from 'fastify';
import { readMultipart, type MultipartForm } from '../http/multipart';

/** Fields and files of a multipart form, or the JSON body when no file is sent (the stock and delivery forms). */
export async function readForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) return { fields: { ...((request.body ?? {}) as Record<string, unknown>) }, files: {} };
  return readMultipart(request);
}
