/**
 * `error-leaks`: error answers carry what an unhandled exception knows, as one public cartridge
 * sends it: a JavaScript stack trace with the server's file paths in `Message`. The platform works
 * with it; an attacker learns the merchant's code layout from it.
 */
import type { Reply } from './http-io.js';

/** The trace a Node handler's uncaught error prints. */
function stackOf(message: string): string {
  return [
    `Error: ${message}`,
    '    at OrderController.handle (/srv/merchant/app/controllers/order-controller.js:118:15)',
    '    at Layer.handle [as handle_request] (/srv/merchant/node_modules/express/lib/router/layer.js:95:5)',
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
  ].join('\n');
}

/** The error answer with the stack trace in its Message; any other answer as it was. */
export function leakInternals(reply: Reply): Reply {
  const body = reply.body as { ResponseInfo?: Record<string, unknown> } | null;
  const info = body && typeof body === 'object' ? body.ResponseInfo : undefined;
  if (reply.text || reply.html || !info || info.Success !== false) return reply;
  const message = typeof info.Message === 'string' ? info.Message : 'Error';
  const description = typeof info.Description === 'string' ? `: ${info.Description}` : '';
  return { ...reply, body: { ...body, ResponseInfo: { ...info, Message: stackOf(`${message}${description}`) } } };
}
