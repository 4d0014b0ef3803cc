/**
 * The document the large order carries: a one-page PDF invoice of exactly the size asked for, as
 * the platform attaches a VAT invoice or receipt (OrderDocuments[].DocumentData, base64). The page
 * lists the order's lines; a scanned stamp (a grey image of noise, which does not compress, like a
 * real scan) makes up the size. It opens in any PDF reader: the cross-reference table points at
 * every object, so a merchant that parses or stores the document gets a real one.
 */

/** One line of the invoice: what the page prints. */
export interface InvoiceLine {
  quantity: number;
  name: string;
  price: number;
}

/** What the page says besides its lines. */
export interface InvoiceText {
  orderId: string;
  currency: string;
  lines: InvoiceLine[];
}

/** The page holds this many lines; the rest are summed up in one line ("and 60 more lines"). */
const LINES_ON_PAGE = 40;

/** Bytes of the stamp's rows: a 1024-pixel-wide grey image, as wide as a 300 dpi scan of 8.7 cm. */
const STAMP_WIDTH = 1024;

/**
 * A PDF of exactly `bytes` bytes (or the smallest this page can be, when `bytes` is less). The
 * stamp's rows take what the page leaves; the last few bytes are a comment before the
 * cross-reference table, which readers skip.
 */
export function invoicePdf(text: InvoiceText, bytes: number): Buffer {
  const content = Buffer.from(pageContent(text), 'latin1');
  const size = (rows: number, pad = 0) => layout(content, rows, pad).length;
  // As many whole rows of the stamp as fit (the first guess is at most a row or two over)...
  let rows = Math.max(0, Math.floor((bytes - size(0)) / STAMP_WIDTH));
  while (rows > 0 && size(rows) > bytes) rows--;
  // ...and a comment for the rest. The offsets in the table and the trailer have as many digits
  // as the file's size needs, so the padding is settled in a pass or two.
  let pad = bytes - size(rows);
  for (let pass = 0; pad > 0 && pass < 3; pass++) {
    const over = size(rows, pad) - bytes;
    if (over === 0) break;
    pad -= over;
  }
  return layout(content, rows, Math.max(0, pad));
}

/** The page's drawing: a title, the lines, and the stamp in the lower right corner. */
function pageContent(text: InvoiceText): string {
  const ops = ['BT', '/F1 14 Tf', '50 790 Td', `(${pdfText(`VAT invoice for order ${text.orderId}`)}) Tj`, '/F1 9 Tf', '0 -24 Td'];
  const shown = text.lines.slice(0, LINES_ON_PAGE);
  for (const line of shown) {
    ops.push(`(${pdfText(`${line.quantity} x ${line.name.slice(0, 90)}  ${line.price.toFixed(2)} ${text.currency}`)}) Tj`, '0 -14 Td');
  }
  if (text.lines.length > shown.length) ops.push(`(${pdfText(`and ${text.lines.length - shown.length} more lines`)}) Tj`);
  ops.push('ET', 'q 160 0 0 60 390 40 cm /Im1 Do Q');
  return `${ops.join('\n')}\n`;
}

/** Text as a PDF literal string: the three special characters escaped, anything beyond ASCII as `?` (Helvetica's encoding). */
function pdfText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** The whole file: objects, then the cross-reference table that gives each one's offset. */
function layout(content: Buffer, stampRows: number, pad: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  const push = (b: Buffer | string) => {
    const buffer = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    parts.push(buffer);
    size += buffer.length;
  };
  // The second line's bytes above 127 tell transfer tools the file is binary (PDF 1.4, 7.5.2).
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  const object = (body: (Buffer | string)[]) => {
    offsets.push(size);
    push(`${offsets.length} 0 obj\n`);
    for (const b of body) push(b);
    push('\nendobj\n');
  };
  object(['<< /Type /Catalog /Pages 2 0 R >>']);
  object(['<< /Type /Pages /Kids [3 0 R] /Count 1 >>']);
  const stamp = stampRows > 0 ? ' /XObject << /Im1 6 0 R >>' : '';
  object([`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >>${stamp} >> /Contents 5 0 R >>`]);
  object(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>']);
  object([`<< /Length ${content.length} >>\nstream\n`, content, '\nendstream']);
  if (stampRows > 0) {
    const pixels = noise(STAMP_WIDTH * stampRows);
    object([`<< /Type /XObject /Subtype /Image /Width ${STAMP_WIDTH} /Height ${stampRows} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`, pixels, '\nendstream']);
  }
  // A comment line is `%`, anything, end of line; one byte of padding is a blank line.
  if (pad >= 2) push(`%${' '.repeat(pad - 2)}\n`);
  else if (pad === 1) push('\n');
  const xref = size;
  // Each entry is exactly 20 bytes: ten digits, five digits, a keyword and a two-byte end of line.
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts, size);
}

/** The noise made so far: every size of a run's document is a prefix of it. */
let noiseMade = Buffer.alloc(0);

/**
 * `n` bytes of grey noise from a fixed seed (xorshift32): the same order gets the same document,
 * and base64 of it looks like base64 of a compressed scan.
 */
function noise(n: number): Buffer {
  if (noiseMade.length >= n) return noiseMade.subarray(0, n);
  const out = Buffer.allocUnsafe(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  noiseMade = out;
  return out;
}
