import { fileTypeFromBuffer } from 'file-type';

/*
 * What a stored file is, decided from its bytes: the name and the type the sender declared are
 * not trusted (a renamed executable stays an executable). Zip-based office files are told apart
 * by their inner entries (file-type reads them). Text has no signature, so it is accepted only as
 * valid UTF-8 without NUL bytes that does not look like markup or a script a browser would run.
 */

/** The content types file-type reports that a stored file may have. */
const BY_SIGNATURE = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** Markup a browser could render or run, wherever it appears near the start of a "text" file. */
const ACTIVE_TEXT = /<!doctype|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed|<meta|<link|<style|<img|<a\s|<form|<xsl|javascript:/i;
/** How far into a text file markup is looked for. */
const TEXT_HEAD = 4096;

export type Sniffed = { contentType: string } | { refused: 'unknown' | 'markup' | 'binary' };

/** Valid UTF-8, no NUL, no markup near the start: plain text (CSV when the sender's name says so; both are equally inert). */
export function sniffText(bytes: Uint8Array, originalName = ''): Sniffed {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { refused: 'binary' };
  }
  if (text.includes('\u0000')) return { refused: 'binary' };
  if (ACTIVE_TEXT.test(text.slice(0, TEXT_HEAD))) return { refused: 'markup' };
  return { contentType: /\.csv$/i.test(originalName) ? 'text/csv' : 'text/plain' };
}

export async function sniffFile(bytes: Uint8Array, originalName = ''): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (found) return BY_SIGNATURE.has(found.mime) ? { contentType: found.mime } : { refused: found.mime.includes('xml') || found.mime.includes('html') || found.mime.includes('svg') ? 'markup' : 'unknown' };
  return sniffText(bytes, originalName);
}
