/**
 * The `body-limit` fault: request bodies over 100 kB are refused with HTTP 413, as express.json()
 * does with its default `limit: "100kb"` (the most common merchant stack's default, and one a
 * merchant tested with small orders never meets). The answer is Express's own production error page.
 */
import type { Reply } from './http-io.js';

/** express.json()'s default limit, "100kb": 100 x 1024 bytes (the `bytes` package counts in 1024s). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** What Express (finalhandler, NODE_ENV=production) answers when body-parser refuses a body. */
export const PAYLOAD_TOO_LARGE: Reply = {
  status: 413,
  html: true,
  body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Payload Too Large</pre>\n</body>\n</html>\n',
  note: `request body over ${BODY_LIMIT_BYTES} bytes refused (fault body-limit, like express.json()'s default limit "100kb")`,
};
