/** `xborder gift-card validate`: call ValidateGiftCard and judge the answer. */
import type { Command } from 'commander';
import { addConfigFlags, examples } from './shared-options.js';

/** Declares `gift-card` and its `validate` subcommand; the work is in ../actions/gift-card-validate.ts. */
export function defineGiftCard(program: Command): void {
  const giftCard = program
    .command('gift-card')
    .description('gift-card calls to the platform (ValidateGiftCard)')
    .addHelpText('after', examples('xborder gift-card validate --card-id 1234567890 --pin 4321 --country DE'));
  const validate = giftCard
    .command('validate')
    .description('validate a gift card: POST {MerchantGUID, ShippingCountryCode, CardFields} to ValidateGiftCard and check the answer')
    .option('--card-id <id>', 'the card number (CardFields.CardId)')
    .option('--pin <pin>', 'the card PIN (CardFields.CardPin); never printed. Also XBORDER_GIFT_CARD_PIN')
    .option('--country <code>', 'shipping country, 2-letter ISO (ShippingCountryCode)')
    .option('--cart-token <token>', 'MerchantCartToken of the cart the card is for')
    .option('--url <url>', 'ValidateGiftCard URL (config giftCard.url; default {platform.baseUrl}/ValidateGiftCard)');
  addConfigFlags(validate)
    .addHelpText(
      'after',
      '\nA flag left out is asked for in a terminal; otherwise --card-id and --country are required.\n' +
        'Exit: 0 the answer conforms (an invalid card too), 1 it does not (or the platform refused the call), 3 unreachable.\n\n' +
        'Examples:\n  xborder gift-card validate --card-id 6006491234567890 --country DE\n' +
        '  XBORDER_GIFT_CARD_PIN=1234 xborder gift-card validate --card-id 6006491234567890 --country FR --json\n' +
        '  xborder gift-card validate --card-id XB-GC-ZERO-0002 --country DE --url http://localhost:8080/validate-gift-card-url',
    )
    .action(async (opts, cmd: Command) => {
      const { run } = await import('../actions/gift-card-validate.js');
      process.exitCode = await run(opts, cmd);
    });
}
