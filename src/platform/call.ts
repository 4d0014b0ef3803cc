/**
 * `platform call`: POST a JSON body to one platform operation. Shapes are known for
 * ValidateGiftCard (its answer) and ErrorInfo (any error answer); a schema the user brings is
 * checked too. Everything else is shown as received (the CLI flattens it to paths).
 */
import type { XborderConfig } from '../model.js';
import { VALIDATE_GIFT_CARD, type ResolvedTarget } from './operations.js';
import { postToPlatform, type PlatformResult, type UserSchema } from './post.js';
import { platformUrl, type GuidPlacement } from './request.js';

/** One call to make. */
export interface PlatformCallInput {
  target: ResolvedTarget;
  /** The JSON body to send. */
  body: unknown;
  /** The body as reports may show it (secrets replaced); defaults to `body`. */
  shownBody?: unknown;
  /** Overrides `platform.guidIn` (`--header-guid`). */
  guidIn?: GuidPlacement;
  /** The user's JSON Schema for the response (`--schema FILE`). */
  userSchema?: UserSchema;
}

/** Sends the call and judges the answer. Never throws for network problems. */
export async function callPlatform(input: PlatformCallInput, config: XborderConfig): Promise<PlatformResult> {
  return postToPlatform(
    {
      endpoint: 'PlatformCall',
      variant: input.target.operation?.id ?? input.target.path,
      url: platformUrl(config, input.target.path),
      body: input.body,
      shownBody: input.shownBody,
      guidIn: input.guidIn ?? config.platform.guidIn,
      ...(input.target.operation === VALIDATE_GIFT_CARD ? { successKind: 'gift-card-response' as const } : {}),
      ...(input.userSchema ? { userSchema: input.userSchema } : {}),
    },
    config,
  );
}
