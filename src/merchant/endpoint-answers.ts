/**
 * Which endpoint URLs of the merchant answered anything but 404 in this run. A 404 is ambiguous:
 * "no endpoint here" from the web server, or the merchant's own refusal (ASP.NET Core, Spring,
 * Laravel and Django apps answer an unknown cart or order with 404 and a ProblemDetails or framework
 * error body). A URL that answered other requests of the run has an endpoint, so its 404 is a
 * refusal; only a URL that never answered anything but 404 is a missing endpoint.
 *
 * Cases run concurrently, so a refusal may get its 404 before any other request to the URL was
 * answered: its verdict waits (errored, "no endpoint") and is judged again in place the moment the
 * URL answers something else. Every case has finished before a report is made, so the verdict does
 * not depend on which case came first.
 */
import type { CheckResult, Exchange } from '../model.js';

/** A refusal verdict judged on a 404 before its URL was known to have an endpoint. */
interface Waiting {
  check: CheckResult;
  rejudge: () => CheckResult;
}

/** The URLs that answered, and the 404 refusals waiting for theirs to. */
export class EndpointAnswers {
  private readonly answered = new Set<string>();
  private readonly waiting = new Map<string, Waiting[]>();

  /** Records the exchange's answer; a first non-404 answer of a URL settles the refusals waiting for it. */
  note(exchange: Exchange): void {
    const status = exchange.response?.status;
    if (status === undefined || status === 404) return;
    const key = urlKey(exchange.request.url);
    if (this.answered.has(key)) return;
    this.answered.add(key);
    for (const { check, rejudge } of this.waiting.get(key) ?? []) Object.assign(check, rejudge());
    this.waiting.delete(key);
  }

  /** True when `url` (query aside) answered anything but 404 in this run. */
  answers(url: string): boolean {
    return this.answered.has(urlKey(url));
  }

  /** Keeps `check` (judged as "no endpoint") to be replaced by `rejudge()` once `url` answers. */
  wait(url: string, check: CheckResult, rejudge: () => CheckResult): void {
    const key = urlKey(url);
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), { check, rejudge }]);
  }
}

/** The run's memory of answering URLs, made on first use (one per merchant context, which holds it as `endpoints`). */
export function endpointAnswers(ctx: { endpoints?: EndpointAnswers }): EndpointAnswers {
  ctx.endpoints ??= new EndpointAnswers();
  return ctx.endpoints;
}

/** Origin and path: requests to one endpoint differ only in their query (the cart token, credentials). */
function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}
