import fs from 'node:fs';
import type { Download } from '@playwright/test';
import { expect } from './fixtures';
import { pdfText } from '../support/pdf';

/** A downloaded file's bytes, which must be a PDF (its first bytes say so). */
export async function downloadedPdf(download: Download): Promise<Buffer> {
  const data = fs.readFileSync((await download.path())!);
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  return data;
}

/** The text of every page of a downloaded PDF. */
export async function downloadedPdfText(download: Download): Promise<string> {
  return pdfText(await downloadedPdf(download));
}
