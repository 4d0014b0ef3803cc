/**
 * The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) xborder writes and reads.
 * Browsers, Charles and mitmproxy write more; what is not listed here is ignored when reading.
 */

/** A name/value pair: a header, a query parameter. */
export interface HarPair {
  name: string;
  value: string;
}

/** One request as recorded. */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarPair[];
  headers: HarPair[];
  queryString: HarPair[];
  postData?: { mimeType: string; text: string };
  headersSize: number;
  bodySize: number;
}

/** One response as recorded; `content.encoding` is `base64` when the text is not the body itself. */
export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarPair[];
  headers: HarPair[];
  content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string; _partial?: boolean };
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  /** xborder's own field (custom fields start with `_`): why there is no real answer, or no whole one. */
  _error?: string;
  /** Trailers that followed a chunked body (HAR 1.2 has no field for them). */
  _trailers?: HarPair[];
}

/**
 * What went over the wire beside the judged exchange (the proxy knows it), so the HAR records what
 * the caller saw: the reason phrase, repeated headers, trailers, the body bytes as sent.
 */
export interface HarWire {
  statusText: string;
  requestHeaders: [string, string][];
  responseHeaders: [string, string][];
  trailers: [string, string][];
  /** The answer's body as sent (content codings kept), at most the body cap. */
  rawBody: Buffer;
  /** The merchant's connection ended mid-body: the body is partial. */
  brokenOff: boolean;
  /** The body did not decode as its Content-Encoding says: recorded raw. */
  undecodable: boolean;
  /** The caller disconnected before the whole answer reached it. */
  callerLeft?: boolean;
}

/** One exchange. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

/** The whole document. */
export interface HarDocument {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}
