/**
 * Just enough MIME to read the product's mail (mailparser is not available here): headers with
 * folding and encoded words, nested multipart bodies, quoted-printable and base64 parts.
 */
export interface ParsedMail {
  subject: string;
  text: string;
  html: string;
  /** Attached files (a booking's .ics), their content decoded as text. */
  attachments: MailFile[];
}

export interface MailFile {
  filename: string;
  contentType: string;
  content: string;
}

/** A message as the stand-in SMTP server keeps it. */
export interface ReceivedMail extends ParsedMail {
  /** The envelope's recipients, comma-separated. */
  to: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r?\n/g, '\r\n');
  const end = normalised.indexOf('\r\n\r\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 4);
  const headers = new Map<string, string>();
  // A line starting with white space continues the header above it.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset=utf-8` -> value 'text/plain' and its parameters. */
function parseHeaderValue(value: string | undefined): { value: string; params: Map<string, string> } {
  const [first = '', ...rest] = (value ?? '').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0) params.set(param.slice(0, eq).trim().toLowerCase(), param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { value: first.trim().toLowerCase(), params };
}

export function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 words such as `=?UTF-8?Q?R=C3=A9initialiser?=` in a header. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

function collectTexts(part: Part, found: { text: string; html: string; attachments: MailFile[] }): void {
  const type = parseHeaderValue(part.headers.get('content-type') ?? 'text/plain');
  const boundary = type.params.get('boundary');
  if (type.value.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`);
    // Before the first delimiter is the preamble; after the closing `--boundary--` the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectTexts(splitPart(section.replace(/^\r\n/, '')), found);
    }
    return;
  }
  const decoded = () => decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '');
  const disposition = parseHeaderValue(part.headers.get('content-disposition'));
  if (disposition.value === 'attachment') {
    const filename = decodeEncodedWords(disposition.params.get('filename') ?? type.params.get('name') ?? '');
    found.attachments.push({ filename, contentType: part.headers.get('content-type') ?? '', content: decodeBody(part) });
    return;
  }
  if (type.value === 'text/plain' && !found.text) found.text = decoded();
  if (type.value === 'text/html' && !found.html) found.html = decoded();
}

export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw);
  const found = { text: '', html: '', attachments: [] as MailFile[] };
  collectTexts(message, found);
  return { subject: decodeEncodedWords(message.headers.get('subject') ?? ''), ...found };
}
