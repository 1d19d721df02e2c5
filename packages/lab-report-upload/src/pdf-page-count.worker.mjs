// pdf-lib parses the PDF here, in a throw-away worker thread: a 30 MiB upload takes the parser about a second
// of CPU, which must not stall the API's event loop, and a poison file only costs a terminated worker.
// Posts the page count (the root page tree's /Count, as pdf.js reads it; null when unreadable) and the
// standard security handler's entries when the file is encrypted (the host decides whether it opens).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const {
  PDFParser,
  ParseSpeeds,
  PDFName,
  PDFNumber,
  PDFString,
  PDFHexString,
  PDFArray,
  PDFBool,
  PDFDict,
} = require('pdf-lib');

/**
 * A stream pdf-lib decodes (an object stream: the file's objects packed and compressed) may hold this much at most: a
 * small compressed stream that expands to gigabytes (a decompression bomb) would otherwise be held whole here, in the
 * API's process. Object streams of real files hold a few MB at most.
 */
const MAX_DECODED_BYTES = 32 * 1024 * 1024;
const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream').default;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
/** Set when a stream went past MAX_DECODED_BYTES (pdf-lib skips objects it cannot parse: the error alone is lost). */
let bomb = null;
DecodeStream.prototype.ensureBuffer = function ensureBoundedBuffer(requested) {
  if (requested > MAX_DECODED_BYTES) {
    bomb = `a compressed stream expands beyond ${MAX_DECODED_BYTES / 1048576} MiB`;
    throw new Error(bomb);
  }
  return ensureBuffer.call(this, requested);
};

function bytesOf(value) {
  return value instanceof PDFString || value instanceof PDFHexString ? Array.from(value.asBytes()) : null;
}

function numberOf(value) {
  return value instanceof PDFNumber ? value.asNumber() : null;
}

function pageCountOf(context) {
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) return null;
  const pages = catalog.lookup(PDFName.of('Pages'));
  if (!(pages instanceof PDFDict)) return null;
  const count = numberOf(pages.lookup(PDFName.of('Count')));
  return Number.isInteger(count) && count >= 0 ? count : null;
}

function encryptionOf(context) {
  if (!context.trailerInfo.Encrypt) return null;
  const dict = context.lookup(context.trailerInfo.Encrypt);
  if (!(dict instanceof PDFDict)) return { filter: null };
  const get = (key) => dict.lookup(PDFName.of(key));
  const filter = get('Filter');
  const ids = context.trailerInfo.ID ? context.lookup(context.trailerInfo.ID) : undefined;
  const metadata = get('EncryptMetadata');
  return {
    filter: filter instanceof PDFName ? filter.decodeText() : null,
    revision: numberOf(get('R')),
    lengthBits: numberOf(get('Length')),
    permissions: numberOf(get('P')),
    owner: bytesOf(get('O')),
    user: bytesOf(get('U')),
    firstId: ids instanceof PDFArray && ids.size() > 0 ? bytesOf(ids.lookup(0)) : [],
    encryptMetadata: metadata instanceof PDFBool ? metadata.asBoolean() : true,
  };
}

async function inspect(bytes) {
  try {
    const context = await PDFParser.forBytesWithOptions(
      bytes,
      ParseSpeeds.Fastest,
      false,
      false,
    ).parseDocument();
    if (bomb) return { ok: false, error: 'invalid', message: bomb };
    let pageCount = null;
    try {
      pageCount = pageCountOf(context);
    } catch {
      pageCount = null;
    }
    return { ok: true, pageCount, encryption: encryptionOf(context) };
  } catch (err) {
    return { ok: false, error: 'invalid', message: String(err && err.message) };
  }
}

parentPort.postMessage(await inspect(workerData));
